/** Real headless Chromium for browser tests of the hub's web console ({@link HeadlessChromium}). */
package io.kxm.testkit.browser;

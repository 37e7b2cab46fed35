/** {@code kxm gc}: every retention purge of this project's and this user's stores, run now. */
package io.kxm.cli.gc;

/** Structured logs of the hub and the runtime: JSON-lines files rolled by size (Logback). */
package io.kxm.core.log;

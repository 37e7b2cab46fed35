/**
 * Retention of the runtime's stores: the settings every runtime purge reads ({@link
 * io.kxm.runtime.retention.RuntimeRetention}) and the purge of one project's finished runs ({@link
 * io.kxm.runtime.retention.RunEventsPurge}). Sessions and knowledge purge in their own modules with
 * the same shape.
 */
package io.kxm.runtime.retention;

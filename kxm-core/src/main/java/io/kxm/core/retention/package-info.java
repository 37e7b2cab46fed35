/**
 * Retention: the one shape of a purge ({@link io.kxm.core.retention.Purge}), what it reports
 * ({@link io.kxm.core.retention.PurgeResult}) and the clock-driven timer that runs purges by
 * themselves ({@link io.kxm.core.retention.PurgeSchedule}). Each store owns its purge; the hub, the
 * supervisor and {@code kxm gc} only run them.
 */
package io.kxm.core.retention;

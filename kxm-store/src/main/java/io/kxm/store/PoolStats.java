package io.kxm.store;

/**
 * How busy the store's connections are, for {@code /metrics}.
 *
 * @param connections connections open now (readers and writers)
 * @param idle connections free to take work
 * @param pending callers waiting for a connection, or writes queued for the SQLite writer
 * @param commits transactions committed so far (for SQLite, one per group-commit batch); -1 when
 *     the driver does not count them
 */
public record PoolStats(int connections, int idle, int pending, long commits) {}

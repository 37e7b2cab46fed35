package io.kxm.session.store;

/**
 * The few places where the session store's SQL differs between SQLite and PostgreSQL; everything
 * else the writes and reads say is the same on both.
 */
enum SessionDialect {
  SQLITE(
      "max",
      "SELECT max(coalesce((SELECT max(seq) FROM events), 0),"
          + " coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'events'), 0))"),
  POSTGRES("greatest", "SELECT last_seq FROM event_seq");

  private final String greatest;
  private final String lastSeq;

  SessionDialect(String greatest, String lastSeq) {
    this.greatest = greatest;
    this.lastSeq = lastSeq;
  }

  /** The name of the function that returns the larger of two values. */
  String greatest() {
    return greatest;
  }

  /**
   * The highest seq ever given, even when the purge deleted the newest events, so that a reopened
   * store never hands out a seq a client already saw: SQLite remembers it in {@code
   * sqlite_sequence}, PostgreSQL in the counter row every write locks.
   */
  String lastSeqSql() {
    return lastSeq;
  }
}

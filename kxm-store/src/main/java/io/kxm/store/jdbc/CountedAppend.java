package io.kxm.store.jdbc;

import io.kxm.store.Dialect;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Appends one row to a numbered stream, taking its number from a counter row bumped in the same
 * transaction: the counter's row lock orders concurrent appends and a rollback gives its number
 * back, so a stream has no gaps (a database sequence would leave them) and, on PostgreSQL, numbers
 * become visible in commit order. The agent event and operations stores both number this way.
 *
 * <p>The lock is where appends to one stream wait for each other, so callers append last in their
 * transaction; on PostgreSQL the bump and the insert are one statement, leaving only the commit
 * under the lock.
 */
public final class CountedAppend {
  private final String nextSeq;
  private final String table;
  private final List<String> columns;

  /**
   * @param nextSeq the counter upsert, ending in {@code RETURNING last_seq}; its parameters are the
   *     counter's key
   * @param table the stream's table, whose {@code seq} column gets the number
   * @param columns the table's other columns, in the order {@link #append} takes their values; the
   *     last one holds JSON
   */
  public CountedAppend(String nextSeq, String table, List<String> columns) {
    if (columns.isEmpty()) {
      throw new IllegalArgumentException("a counted append writes at least one column beside seq");
    }
    this.nextSeq = nextSeq;
    this.table = table;
    this.columns = List.copyOf(columns);
  }

  /** Bumps the counter of {@code counterKey} and inserts {@code values} under its number. */
  public long append(Jdbc on, List<?> counterKey, Object... values) {
    if (values.length != columns.size()) {
      throw new IllegalArgumentException(
          table + " takes " + columns.size() + " values beside seq, got " + values.length);
    }
    String markers =
        String.join(", ", Collections.nCopies(columns.size() - 1, "?")) + ", " + on.jsonParam();
    String into = "INSERT INTO " + table + " (seq, " + String.join(", ", columns) + ")";
    if (on.dialect() == Dialect.POSTGRES) {
      // One round trip from taking the counter row's lock to the end of the statement.
      List<Object> params = new ArrayList<>(counterKey);
      params.addAll(Arrays.asList(values));
      return on.first(
              "WITH next AS ("
                  + nextSeq
                  + ") "
                  + into
                  + " SELECT last_seq, "
                  + markers
                  + " FROM next RETURNING seq",
              row -> row.longValue("seq"),
              params.toArray())
          .orElseThrow();
    }
    // SQLite has one writer, so the lock costs nothing; it has no data-modifying WITH either.
    long seq =
        on.first(nextSeq, row -> row.longValue("last_seq"), counterKey.toArray()).orElseThrow();
    Object[] params = new Object[values.length + 1];
    params[0] = seq;
    System.arraycopy(values, 0, params, 1, values.length);
    on.update(into + " VALUES (?, " + markers + ")", params);
    return seq;
  }
}

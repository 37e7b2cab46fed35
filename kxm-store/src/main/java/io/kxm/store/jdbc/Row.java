package io.kxm.store.jdbc;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;

/**
 * The current row of a result, read by column name. Times are stored as epoch milliseconds in both
 * dialects, so both return exactly the same instants.
 */
public final class Row {
  private final ResultSet rs;

  Row(ResultSet rs) {
    this.rs = rs;
  }

  public String string(String column) throws SQLException {
    return rs.getString(column);
  }

  /** The value of the column at {@code index} (from 1), for results without stable names. */
  public String stringAt(int index) throws SQLException {
    return rs.getString(index);
  }

  public long longValue(String column) throws SQLException {
    return rs.getLong(column);
  }

  public int intValue(String column) throws SQLException {
    return rs.getInt(column);
  }

  public Instant instant(String column) throws SQLException {
    Instant value = nullableInstant(column);
    if (value == null) {
      throw new SQLException("column " + column + " is unexpectedly null");
    }
    return value;
  }

  public Instant nullableInstant(String column) throws SQLException {
    long millis = rs.getLong(column);
    return rs.wasNull() ? null : Instant.ofEpochMilli(millis);
  }
}

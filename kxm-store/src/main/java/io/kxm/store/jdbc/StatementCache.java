package io.kxm.store.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Prepared statements kept open on one connection, by SQL text, least recently used dropped first.
 * A write runs the same few statements again and again; preparing each anew showed in the SQLite
 * writer's profile. Only for a connection used by one thread at a time (the SQLite writer, a read
 * pool slot), since a statement carries its bound parameters between use and release.
 */
public final class StatementCache implements AutoCloseable {
  private final Connection connection;
  private final Map<String, PreparedStatement> statements;

  public StatementCache(Connection connection, int capacity) {
    this.connection = connection;
    this.statements =
        new LinkedHashMap<>(capacity * 2, 0.75f, true) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
            if (size() > capacity) {
              closeQuietly(eldest.getValue());
              return true;
            }
            return false;
          }
        };
  }

  /**
   * The open statement for {@code sql}, prepared on first use. It is lent: until it is handed back
   * with release, a second take of the same SQL (a nested query) prepares a statement of its own.
   */
  PreparedStatement take(String sql) throws SQLException {
    PreparedStatement statement = statements.remove(sql);
    if (statement == null || statement.isClosed()) {
      statement = connection.prepareStatement(sql);
    }
    return statement;
  }

  /** Clears the parameters after a use; a statement that failed is dropped, not reused. */
  void release(String sql, PreparedStatement statement, boolean failed) {
    if (failed) {
      closeQuietly(statement);
      return;
    }
    try {
      statement.clearParameters();
      statement.clearBatch();
    } catch (SQLException e) {
      closeQuietly(statement);
      return;
    }
    PreparedStatement other = statements.put(sql, statement);
    if (other != null && other != statement) {
      closeQuietly(other); // a nested take's copy came back first
    }
  }

  int size() {
    return statements.size();
  }

  @Override
  public void close() {
    statements.values().forEach(StatementCache::closeQuietly);
    statements.clear();
  }

  private static void closeQuietly(PreparedStatement statement) {
    try {
      statement.close();
    } catch (SQLException e) {
      // a statement of a broken connection: nothing left to free
    }
  }
}

package io.kxm.store.jdbc;

import io.kxm.store.Dialect;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A thin statement helper bound to one connection inside one transaction. Parameters are bound in
 * order: {@link Instant} as epoch milliseconds, null as SQL NULL, anything else as is. Every
 * failure leaves as a {@code KxmException} through {@link SqlErrors}, naming the current subject.
 */
public final class Jdbc {
  private final Connection connection;
  private final Dialect dialect;
  private final String store;
  private final String subject;
  private final StatementCache cache; // null: prepare and close each statement

  public Jdbc(Connection connection, Dialect dialect, String store) {
    this(connection, dialect, store, "store operation", null);
  }

  /** A helper that reuses prepared statements from {@code cache}, on its one thread. */
  public Jdbc(Connection connection, Dialect dialect, String store, StatementCache cache) {
    this(connection, dialect, store, "store operation", cache);
  }

  private Jdbc(
      Connection connection, Dialect dialect, String store, String subject, StatementCache cache) {
    this.connection = connection;
    this.dialect = dialect;
    this.store = store;
    this.subject = subject;
    this.cache = cache;
  }

  /** The same helper, naming {@code what} (with ids) in any error it reports. */
  public Jdbc about(String what) {
    return new Jdbc(connection, dialect, store, what, cache);
  }

  public Dialect dialect() {
    return dialect;
  }

  /** Work on the raw connection, for code that speaks JDBC itself (the core's search indexes). */
  @FunctionalInterface
  public interface ConnectionWork<T> {
    T apply(Connection connection) throws SQLException;
  }

  /**
   * Runs {@code work} on this helper's connection, inside the current transaction; a failure is
   * translated like any statement's, naming the current subject.
   */
  public <T> T onConnection(ConnectionWork<T> work) {
    try {
      return work.apply(connection);
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, subject);
    }
  }

  /** The parameter marker for a JSON value: PostgreSQL needs an explicit cast from text. */
  public String jsonParam() {
    return dialect == Dialect.POSTGRES ? "CAST(? AS json)" : "?";
  }

  public <T> List<T> list(String sql, RowMapper<T> mapper, Object... params) {
    PreparedStatement statement = null;
    boolean failed = true;
    try {
      statement = prepare(sql, params);
      List<T> rows = new ArrayList<>();
      try (ResultSet rs = statement.executeQuery()) {
        Row row = new Row(rs);
        while (rs.next()) {
          rows.add(mapper.map(row));
        }
      }
      failed = false;
      return rows;
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, subject);
    } finally {
      release(sql, statement, failed);
    }
  }

  /** The first row, for queries that return at most one (including {@code … RETURNING}). */
  public <T> Optional<T> first(String sql, RowMapper<T> mapper, Object... params) {
    List<T> rows = list(sql, mapper, params);
    return rows.isEmpty() ? Optional.empty() : Optional.of(rows.getFirst());
  }

  /** Runs an insert, update or delete without {@code RETURNING}; returns the rows changed. */
  public int update(String sql, Object... params) {
    PreparedStatement statement = null;
    boolean failed = true;
    try {
      statement = prepare(sql, params);
      int changed = statement.executeUpdate();
      failed = false;
      return changed;
    } catch (SQLException e) {
      throw SqlErrors.translate(e, store, subject);
    } finally {
      release(sql, statement, failed);
    }
  }

  private PreparedStatement prepare(String sql, Object... params) throws SQLException {
    PreparedStatement statement =
        cache == null ? connection.prepareStatement(sql) : cache.take(sql);
    try {
      for (int i = 0; i < params.length; i++) {
        bind(statement, i + 1, params[i]);
      }
      return statement;
    } catch (SQLException | RuntimeException e) {
      release(sql, statement, true);
      throw e;
    }
  }

  private void release(String sql, PreparedStatement statement, boolean failed) {
    if (statement == null) {
      return;
    }
    if (cache != null) {
      cache.release(sql, statement, failed);
      return;
    }
    try {
      statement.close();
    } catch (SQLException e) {
      if (!failed) {
        throw SqlErrors.translate(e, store, subject);
      }
    }
  }

  private static void bind(PreparedStatement statement, int index, Object value)
      throws SQLException {
    switch (value) {
      case null -> statement.setNull(index, Types.NULL);
      case Instant instant -> statement.setLong(index, instant.toEpochMilli());
      case String text -> statement.setString(index, text);
      case Long number -> statement.setLong(index, number);
      case Integer number -> statement.setInt(index, number);
      default ->
          throw new IllegalArgumentException("cannot bind " + value.getClass().getSimpleName());
    }
  }
}

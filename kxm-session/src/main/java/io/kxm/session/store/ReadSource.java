package io.kxm.session.store;

import java.sql.Connection;
import java.sql.SQLException;

/** Where the store's reads get a connection: a few SQLite connections, or the PostgreSQL pool. */
interface ReadSource {
  interface Read<T> {
    T run(Connection c) throws SQLException;
  }

  /** Runs {@code read} on a connection that sees the last commit; refused once closed. */
  <T> T with(Read<T> read) throws SQLException;

  /** Runs {@code read} with every statement seeing one snapshot of the store. */
  <T> T snapshot(Read<T> read) throws SQLException;

  void close();
}

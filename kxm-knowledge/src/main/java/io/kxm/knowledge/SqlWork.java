package io.kxm.knowledge;

import java.sql.Connection;
import java.sql.SQLException;

/** Work on the knowledge database inside one transaction; the database commits or rolls back. */
@FunctionalInterface
public interface SqlWork<T> {
  T run(Connection c) throws SQLException;
}

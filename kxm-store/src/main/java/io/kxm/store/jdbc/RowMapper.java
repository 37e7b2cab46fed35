package io.kxm.store.jdbc;

import java.sql.SQLException;

/** Turns the current row into a value. */
@FunctionalInterface
public interface RowMapper<T> {
  T map(Row row) throws SQLException;
}

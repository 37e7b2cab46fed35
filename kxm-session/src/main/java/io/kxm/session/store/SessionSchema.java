package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;

/** The session store's file and schema: Flyway migrations under {@code db/runtime/sessions}. */
final class SessionSchema {
  static final SqliteSchema SCHEMA =
      new SqliteSchema(
          "session store",
          "db/runtime/sessions",
          4,
          1,
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID);

  private SessionSchema() {}

  static SqliteDatabase database(Path file) {
    return SqliteDatabase.runtime(file, "session store");
  }

  /** Whether {@code c}'s file is at this build's schema, read without migrating it. */
  static boolean current(Connection c) throws SQLException {
    return SCHEMA.current(SqliteSchema.userVersion(c));
  }

  static void ensure(SqliteDatabase database, Connection c) {
    SCHEMA.ensure(database, c);
  }
}

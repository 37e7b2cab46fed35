package io.kxm.session.store;

import io.kxm.runtime.store.Schema;
import java.sql.Connection;
import java.sql.SQLException;

/** The session store's schema: {@code sessions-v1.sql}, versioned like the event store's. */
final class SessionSchema {
  private static final Schema SCHEMA =
      new Schema("session store", 1, SessionSchema.class, "sessions-v1.sql");

  private SessionSchema() {}

  static void ensure(Connection c, String store) throws SQLException {
    SCHEMA.ensureOn(c, store);
  }
}

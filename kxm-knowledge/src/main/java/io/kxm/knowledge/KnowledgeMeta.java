package io.kxm.knowledge;

import io.kxm.core.id.Ids;
import io.kxm.core.search.TextIndex;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;

/** What every backend does when it opens a knowledge database, in SQL both dialects run. */
final class KnowledgeMeta {
  private KnowledgeMeta() {}

  /**
   * Creates the full-text index's tables when missing and gives a new database its id.
   *
   * @return the database's id, the one {@link KnowledgeStore#databaseId()} answers
   */
  static String prepare(Connection c, TextIndex index, Clock clock) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String ddl : index.schema()) {
        s.execute(ddl);
      }
    }
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO knowledge_meta (key, value) VALUES ('database_id', ?)"
                + " ON CONFLICT (key) DO NOTHING")) {
      insert.setString(1, Ids.next("kdb", clock));
      insert.executeUpdate();
    }
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery("SELECT value FROM knowledge_meta WHERE key = 'database_id'")) {
      rs.next();
      return rs.getString(1);
    }
  }
}

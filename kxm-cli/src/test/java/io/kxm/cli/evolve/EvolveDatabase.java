package io.kxm.cli.evolve;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Reads an evolution's database from a test with plain SQL, also while a run writes it. */
final class EvolveDatabase {
  private EvolveDatabase() {}

  /** Rows of {@code sql}, each row's columns joined by a space; empty while the table is absent. */
  static List<String> rows(Path db, String sql) {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      int columns = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<String> row = new ArrayList<>();
        for (int i = 1; i <= columns; i++) {
          row.add(rs.getString(i));
        }
        out.add(String.join(" ", row));
      }
    } catch (SQLException e) {
      if (!String.valueOf(e.getMessage()).contains("no such table")) {
        throw new IllegalStateException(e);
      }
    }
    return out;
  }
}

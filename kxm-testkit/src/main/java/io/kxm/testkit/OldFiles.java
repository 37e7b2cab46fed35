package io.kxm.testkit;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;

/**
 * SQLite files written by earlier builds, shipped as test resources under {@code /old-files/} (see
 * the README there), and plain reads of a file that go around the product's opener.
 */
public final class OldFiles {
  private OldFiles() {}

  /** Copies {@code /old-files/<name>} to {@code target}, a file the test may change. */
  public static Path copy(String name, Path target) {
    try (InputStream in = OldFiles.class.getResourceAsStream("/old-files/" + name)) {
      if (in == null) {
        throw new IllegalStateException("no test resource /old-files/" + name);
      }
      Files.createDirectories(target.toAbsolutePath().getParent());
      Files.copy(in, target);
      return target;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The one number {@code query} returns, read on a connection of its own. */
  public static long number(Path db, String query) {
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + db);
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(query)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read " + db + ": " + e.getMessage(), e);
    }
  }

  /** The names of the backups ({@code *.bak}) in {@code folder}, sorted. */
  public static List<String> backups(Path folder) {
    try (Stream<Path> files = Files.list(folder)) {
      return files
          .map(p -> p.getFileName().toString())
          .filter(name -> name.endsWith(".bak"))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

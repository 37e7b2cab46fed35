package io.kxm.knowledge.evolve;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The DDL of the loop's own tables, {@code evolve-tables.sql}, one statement per entry. The file
 * holds no semicolons except those that end statements.
 */
final class EvolveTables {
  private EvolveTables() {}

  static List<String> statements() {
    try (InputStream in = EvolveTables.class.getResourceAsStream("evolve-tables.sql")) {
      if (in == null) {
        throw new IllegalStateException("evolve-tables.sql is missing from the jar");
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      String sql = text.lines().filter(l -> !l.startsWith("--")).collect(Collectors.joining("\n"));
      return Arrays.stream(sql.split(";"))
          .map(String::strip)
          .filter(part -> !part.isEmpty())
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read evolve-tables.sql", e);
    }
  }
}

package io.kxm.cli.backup;

import io.kxm.core.paths.SearchPath;
import io.kxm.store.PostgresLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs {@code pg_dump} for one PostgreSQL schema (the hub's, or one of the runtime's). The password
 * goes to the child in {@code PGPASSWORD}, never on its command line, where other users of the
 * machine could read it.
 */
final class PgDump {
  private static final long TIMEOUT_MINUTES = 30;

  /** What happened: the dump file, or why there is none. */
  record Outcome(boolean dumped, String detail) {}

  private PgDump() {}

  /** {@code pg_dump} on {@code env}'s PATH, if there is one. */
  static Optional<Path> find(Map<String, String> env) {
    return SearchPath.find(env.getOrDefault("PATH", ""), "pg_dump");
  }

  static Outcome dump(Path pgDump, PostgresLocation location, Path target, Path log) {
    List<String> command = new ArrayList<>();
    command.add(pgDump.toString());
    command.add("--format=custom");
    command.add("--no-password");
    command.add("--schema=" + location.schemaOrPublic());
    command.add("--file=" + target);
    if (location.user() != null) {
      command.add("--username=" + location.user());
    }
    command.add("--dbname=" + libpqUrl(location.jdbcUrl()));
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.redirectOutput(log.toFile());
    if (location.password() != null) {
      builder.environment().put("PGPASSWORD", location.password());
    }
    try {
      Process process = builder.start();
      if (!process.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return new Outcome(false, "pg_dump did not finish within " + TIMEOUT_MINUTES + " minutes");
      }
      if (process.exitValue() != 0) {
        return new Outcome(
            false, "pg_dump exited with " + process.exitValue() + ": " + lastLine(log));
      }
      return new Outcome(true, "pg_dump --format=custom of schema " + location.schemaOrPublic());
    } catch (IOException e) {
      return new Outcome(false, "pg_dump could not start: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Outcome(false, "interrupted while pg_dump ran");
    }
  }

  /** {@code jdbc:postgresql://host/db?x=y} as libpq reads it: {@code postgresql://host/db?x=y}. */
  static String libpqUrl(String jdbcUrl) {
    return jdbcUrl.substring("jdbc:".length());
  }

  private static String lastLine(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return lines.isEmpty() ? "no output" : lines.getLast();
    } catch (IOException e) {
      return "no output";
    }
  }
}

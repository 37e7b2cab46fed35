package io.kxm.cli.doctor;

import io.kxm.core.json.Json;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.supervisor.EngineFactory;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The child processes the runtime recorded as started: gates and live drive harness turns (one
 * {@code <pid>.json} each under a project's {@code gate-processes/} and {@code harness-processes/},
 * see {@code RunningProcesses}) and session harness turns (rows of the session store). A record
 * names its process by pid and start time, so a pid given to another program since is not taken for
 * it.
 */
final class ProcessRecords {
  /**
   * One recorded process.
   *
   * @param kind {@code gate}, {@code harness} (live drive) or {@code session harness}
   * @param file the record's file; null for a row of the session store
   * @param processStart null when the record is torn
   */
  record Recorded(String kind, long pid, Instant processStart, Path file) {
    Optional<ProcessHandle> running() {
      return OrphanProcesses.recorded(pid, processStart);
    }
  }

  private ProcessRecords() {}

  static List<Recorded> all(SupervisorPaths paths) {
    List<Recorded> out = new ArrayList<>();
    Path projects = paths.runtimeDir().resolve("projects");
    for (Path project : list(projects, "*")) {
      out.addAll(files("gate", project.resolve(EngineFactory.GATE_PROCESSES)));
      out.addAll(files("harness", project.resolve(EngineFactory.HARNESS_PROCESSES)));
    }
    for (var row : SqliteSessionStore.peekRunningProcesses(paths.sessionsDb())) {
      out.add(new Recorded("session harness", row.pid(), row.processStart(), null));
    }
    return out;
  }

  private static List<Recorded> files(String kind, Path dir) {
    List<Recorded> out = new ArrayList<>();
    for (Path file : list(dir, "*.json")) {
      long pid = -1;
      Instant start = null;
      try {
        JsonNode node = Json.read(Files.readString(file));
        pid = node.path("pid").asLong(-1);
        start = Instant.parse(node.path("processStart").asString(""));
      } catch (IOException | JacksonException | DateTimeParseException e) {
        // a record torn by a crash names nothing that can be trusted: it is stale
      }
      out.add(new Recorded(kind, pid, start, file));
    }
    return out;
  }

  private static List<Path> list(Path dir, String glob) {
    List<Path> out = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return out;
    }
    try (DirectoryStream<Path> listed = Files.newDirectoryStream(dir, glob)) {
      listed.forEach(out::add);
    } catch (IOException e) {
      // unreadable: the secrets check reports the folder's mode
    }
    return out;
  }
}

package io.kxm.runtime.gate;

import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
import io.kxm.runtime.process.OrphanProcesses;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The gate processes of one project that are running, one small file each ({@code <pid>.json}: pid
 * and start time) in a folder beside its event store. A file outlives a supervisor killed with
 * {@code kill -9}, so the next start finds the gate tree it left and ends it before any retry can
 * start a second copy beside it. A pid is trusted only with its recorded start time ({@link
 * OrphanProcesses}), so a pid the system gave to another program since is never signalled.
 */
public final class GateProcesses {
  private final Path dir;
  private final Set<Long> mine = ConcurrentHashMap.newKeySet();

  public GateProcesses(Path dir) {
    this.dir = dir;
  }

  /** Records a gate process this supervisor just started. */
  void started(Process process, Instant start) {
    try {
      SecureFiles.createPrivateDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    byte[] row =
        Json.writeBytes(
            Json.object().put("pid", process.pid()).put("processStart", start.toString()));
    SecureFiles.writeOwnerOnly(file(process.pid()), row);
    mine.add(process.pid());
  }

  /** Forgets a gate process whose tree has been ended or has exited. */
  void ended(Process process) {
    try {
      Files.deleteIfExists(file(process.pid()));
    } catch (IOException e) {
      // left behind, the row is harmless: its pid and start time no longer name a live process
    } finally {
      mine.remove(process.pid());
    }
  }

  /**
   * Ends every recorded gate tree that this supervisor did not start and that still runs, and
   * forgets its row.
   *
   * @return how many trees were alive and ended
   */
  public int endOrphans(OrphanProcesses orphans) throws InterruptedException {
    if (!Files.isDirectory(dir)) {
      return 0;
    }
    List<Path> rows;
    try (Stream<Path> listed = Files.list(dir)) {
      rows = listed.filter(p -> p.getFileName().toString().endsWith(".json")).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + dir, e);
    }
    int ended = 0;
    for (Path row : rows) {
      JsonNode node;
      try {
        node = Json.read(Files.readString(row));
      } catch (IOException | JacksonException e) {
        // a row torn by the crash names nothing that can be trusted; drop it
        deleteQuietly(row);
        continue;
      }
      long pid = node.path("pid").asLong(-1);
      if (mine.contains(pid)) {
        continue;
      }
      Instant start = instant(node.path("processStart").asString(""));
      if (pid > 0 && orphans.end(pid, start)) {
        ended++;
      }
      deleteQuietly(row);
    }
    return ended;
  }

  private Path file(long pid) {
    return dir.resolve(pid + ".json");
  }

  private static Instant instant(String text) {
    try {
      return Instant.parse(text);
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static void deleteQuietly(Path row) {
    try {
      Files.deleteIfExists(row);
    } catch (IOException e) {
      // tried again at the next start
    }
  }
}

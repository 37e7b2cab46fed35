package io.kxm.runtime.process;

import io.kxm.core.json.Json;
import io.kxm.core.secret.SecureFiles;
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
 * The child processes of one kind (gates, live drive harness turns) one project's drives have
 * running, one small file each ({@code <pid>.json}: pid and start time) in a folder beside its
 * event store. A file outlives a supervisor killed with {@code kill -9}, so the next start finds
 * the tree it left and ends it before any retry can start a second copy beside it. A pid is trusted
 * only with its recorded start time ({@link OrphanProcesses}), so a pid the system gave to another
 * program since is never signalled.
 */
public final class RunningProcesses {
  private final Path dir;
  private final Set<Long> mine = ConcurrentHashMap.newKeySet();

  public RunningProcesses(Path dir) {
    this.dir = dir;
  }

  /**
   * Records a process this supervisor just started, right after the start returned: a crash in that
   * moment leaves the one process unrecorded, which the next start cannot know about.
   *
   * @throws UncheckedIOException when the record cannot be written; the caller must then end the
   *     process, since nobody could end it after a crash
   */
  public void started(long pid, Instant start) {
    try {
      SecureFiles.createPrivateDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create " + dir, e);
    }
    byte[] row =
        Json.writeBytes(Json.object().put("pid", pid).put("processStart", start.toString()));
    SecureFiles.writeOwnerOnly(file(pid), row);
    mine.add(pid);
  }

  /** Forgets a process whose tree has been ended or has exited. */
  public void ended(long pid) {
    try {
      Files.deleteIfExists(file(pid));
    } catch (IOException e) {
      // left behind, the row is harmless: its pid and start time no longer name a live process
    } finally {
      mine.remove(pid);
    }
  }

  /**
   * Ends every recorded tree that this supervisor did not start and that still runs, and forgets
   * its row.
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

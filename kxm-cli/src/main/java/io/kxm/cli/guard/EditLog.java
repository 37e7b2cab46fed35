package io.kxm.cli.guard;

import io.kxm.core.json.Json;
import io.kxm.core.paths.AtomicFiles;
import io.kxm.core.paths.FileLockGuard;
import io.kxm.core.reserve.Reservation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Which reservation each file was last edited under, kept in the checkout's Git folder by the
 * agent's edit hook and read by the pre-commit hook: an edit made under a reservation that another
 * agent's later one superseded must not be committed (the fencing rule, applied to files).
 */
final class EditLog {
  private static final int MAX_ENTRIES = 10_000;

  /** One file's last guarded edit. */
  record Entry(String reservationId, long fencingToken, String holderName) {}

  private final Path file;

  EditLog(Path gitDir) {
    this.file = gitDir.resolve("kxm").resolve("edits.json");
  }

  Path file() {
    return file;
  }

  /** The entries; a missing log is empty, a damaged one is treated as empty and rewritten. */
  Map<String, Entry> read() {
    Map<String, Entry> entries = new LinkedHashMap<>();
    JsonNode root;
    try {
      root = Json.MAPPER.readTree(Files.readString(file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      return entries;
    } catch (IOException | JacksonException e) {
      return entries;
    }
    root.path("edits")
        .properties()
        .forEach(field -> {
          JsonNode e = field.getValue();
          String id = e.path("reservationId").asString("");
          long token = e.path("fencingToken").asLong(0);
          if (!id.isEmpty() && token > 0) {
            entries.put(field.getKey(), new Entry(id, token, e.path("holderName").asString("")));
          }
        });
    return entries;
  }

  /** Notes that {@code path} was just edited under {@code reservation}. */
  void record(String path, Reservation reservation) throws IOException {
    // Two agents' hooks may write at once: each reads, changes and writes under the lock.
    try (FileLockGuard lock = FileLockGuard.acquire(file)) {
      Map<String, Entry> entries = read();
      entries.remove(path); // to the end: the oldest go first when the log is full
      entries.put(
          path, new Entry(reservation.id(), reservation.fencingToken(), reservation.holderName()));
      write(entries);
    }
  }

  /** Notes that {@code path} was just edited under no reservation. */
  void forget(String path) throws IOException {
    try (FileLockGuard lock = FileLockGuard.acquire(file)) {
      Map<String, Entry> entries = read();
      if (entries.remove(path) != null) {
        write(entries);
      }
    }
  }

  private void write(Map<String, Entry> entries) throws IOException {
    while (entries.size() > MAX_ENTRIES) {
      entries.remove(entries.keySet().iterator().next());
    }
    ObjectNode root = Json.object();
    ObjectNode edits = root.putObject("edits");
    entries.forEach((path, e) ->
        edits
            .putObject(path)
            .put("reservationId", e.reservationId())
            .put("fencingToken", e.fencingToken())
            .put("holderName", e.holderName()));
    Files.createDirectories(file.getParent());
    AtomicFiles.replace(file, Json.write(root).getBytes(StandardCharsets.UTF_8));
  }
}

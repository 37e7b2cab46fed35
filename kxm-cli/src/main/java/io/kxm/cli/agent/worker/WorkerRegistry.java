package io.kxm.cli.agent.worker;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.secret.SecureFiles;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The workers of this user, one file each in {@code <state>/runtime/workers/<name>.json}, written
 * 0600 by the worker itself through a temp file and rename, so a reader never sees half a record.
 */
public final class WorkerRegistry {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerRegistry.class);
  private static final long MAX_RECORD_BYTES = 1024 * 1024;
  // an agent name, but never "." or "..": it becomes a file name
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-][A-Za-z0-9._-]{0,79}");

  private final Path dir;

  public WorkerRegistry(Path dir) {
    this.dir = dir;
  }

  /** The registry of the user whose state root is {@code state}. */
  public static WorkerRegistry of(StatePaths state) {
    return new WorkerRegistry(SupervisorPaths.of(state).runtimeDir().resolve("workers"));
  }

  /**
   * @throws KxmException {@code invalid_request} for a name that is not a worker name
   */
  static String checkName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "worker name '"
              + (name == null ? "" : name.length() > 80 ? name.substring(0, 80) + "…" : name)
              + "' is not an agent name: 1 to 80 letters, digits, '.', '_' or '-', not starting"
              + " with '.'",
          "Pick a name such as reviewer or claude-main.");
    }
    return name;
  }

  /** Writes {@code record} as its worker's entry, replacing the last one. */
  void write(WorkerRecord record) {
    try {
      SecureFiles.createPrivateDirectories(dir);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE, "cannot create the worker registry " + dir, e);
    }
    SecureFiles.writeOwnerOnly(file(record.name()), Json.writeBytes(record));
  }

  /** Removes the entry of {@code name}, when it is still the one process {@code pid} wrote. */
  void remove(String name, long pid) {
    Optional<WorkerRecord> current = read(name);
    if (current.isPresent() && current.get().pid() != pid) {
      return;
    }
    try {
      Files.deleteIfExists(file(name));
    } catch (IOException e) {
      LOG.warn("could not remove the worker entry {}: {}", file(name), e.toString());
    }
  }

  /** The entry of {@code name}, whether or not its process still runs. */
  public Optional<WorkerRecord> read(String name) {
    return readFile(file(checkName(name)));
  }

  /** Every entry, by name; a file that cannot be read is skipped and logged. */
  public List<WorkerRecord> list() {
    List<WorkerRecord> out = new ArrayList<>();
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      return out;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.json")) {
      for (Path file : files) {
        readFile(file).ifPresent(out::add);
      }
    } catch (IOException e) {
      throw new KxmException(ErrorCode.STATE_DIR_UNUSABLE, "cannot list " + dir, e);
    }
    out.sort(Comparator.comparing(WorkerRecord::name));
    return out;
  }

  private Optional<WorkerRecord> readFile(Path file) {
    try {
      if (Files.isSymbolicLink(file) || Files.size(file) > MAX_RECORD_BYTES) {
        LOG.warn("skipped worker entry {}: a link or larger than 1 MiB", file);
        return Optional.empty();
      }
      return Optional.of(Json.MAPPER.readValue(Files.readAllBytes(file), WorkerRecord.class));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      LOG.warn("skipped unreadable worker entry {}: {}", file, e.toString());
      return Optional.empty();
    }
  }

  private Path file(String name) {
    return dir.resolve(name + ".json");
  }
}

package io.kxm.supervisor;

import io.kxm.core.json.Json;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The supervisor's structured log, {@code runtime/logs/kxm-runtime.jsonl}: one JSON object a line,
 * rolled over at 2 MiB with three older files kept. Callers pass ids, codes and counts only;
 * tokens, prompts and answers never go in.
 */
public final class SupervisorLog implements AutoCloseable {
  static final long MAX_BYTES = 2L * 1024 * 1024;
  static final int KEEP = 3;

  private final Path file;
  private final Clock clock;
  private final PrintStream fallback;
  private boolean closed;

  public SupervisorLog(Path file, Clock clock, PrintStream fallback) {
    this.file = file;
    this.clock = clock;
    this.fallback = fallback;
  }

  public Path file() {
    return file;
  }

  public void info(String event, Map<String, ?> fields) {
    write("info", event, fields);
  }

  public void warn(String event, Map<String, ?> fields) {
    write("warn", event, fields);
  }

  public void error(String event, Map<String, ?> fields) {
    write("error", event, fields);
  }

  private synchronized void write(String level, String event, Map<String, ?> fields) {
    if (closed) {
      return;
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("ts", clock.instant().toString());
    line.put("level", level);
    line.put("event", event);
    line.putAll(fields);
    byte[] bytes = (Json.write(line) + "\n").getBytes(StandardCharsets.UTF_8);
    try {
      Files.createDirectories(file.getParent());
      if (Files.exists(file) && Files.size(file) + bytes.length > MAX_BYTES) {
        rotate();
      }
      if (!Files.exists(file)) {
        Files.createFile(
            file,
            PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      }
      Files.write(file, bytes, StandardOpenOption.APPEND);
    } catch (IOException | UnsupportedOperationException e) {
      // UnsupportedOperationException: a file system without POSIX modes. The log must never
      // take the supervisor down; say it on the console instead.
      fallback.println("kxm-runtime: cannot write " + file + ": " + e.getMessage());
    }
  }

  private void rotate() throws IOException {
    Files.deleteIfExists(numbered(KEEP));
    for (int i = KEEP - 1; i >= 1; i--) {
      if (Files.exists(numbered(i))) {
        Files.move(numbered(i), numbered(i + 1), StandardCopyOption.REPLACE_EXISTING);
      }
    }
    Files.move(file, numbered(1), StandardCopyOption.REPLACE_EXISTING);
  }

  private Path numbered(int index) {
    return file.resolveSibling(file.getFileName() + "." + index);
  }

  @Override
  public synchronized void close() {
    closed = true;
  }
}

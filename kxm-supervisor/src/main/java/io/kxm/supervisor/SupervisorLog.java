package io.kxm.supervisor;

import io.kxm.core.json.Json;
import io.kxm.core.log.JsonLinesFile;
import java.io.PrintStream;
import java.nio.file.Path;
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

  private final JsonLinesFile out;
  private final Clock clock;

  public SupervisorLog(Path file, Clock clock, PrintStream fallback) {
    // The log must never take the supervisor down; say it on the console instead.
    this.out =
        new JsonLinesFile(
            file, MAX_BYTES, KEEP, problem -> fallback.println("kxm-runtime: " + problem));
    this.clock = clock;
  }

  public Path file() {
    return out.file();
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

  private void write(String level, String event, Map<String, ?> fields) {
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("ts", clock.instant().toString());
    line.put("level", level);
    line.put("event", event);
    line.putAll(fields);
    out.append(Json.write(line));
  }

  @Override
  public void close() {
    out.close();
  }
}

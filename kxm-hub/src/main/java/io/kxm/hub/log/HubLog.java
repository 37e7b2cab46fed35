package io.kxm.hub.log;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.log.JsonLinesFile;
import io.kxm.core.secret.Redactor;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * The hub's structured log: one JSON object per line in {@code <logs>/kxm-hub.jsonl}, rolled over
 * at 10 MiB with three old files kept. Requests, lifecycle events and errors (stack traces
 * included) go here and never to the console, which belongs to the CLI.
 */
public final class HubLog implements AutoCloseable {
  public static final String FILE_NAME = "kxm-hub.jsonl";
  public static final long MAX_BYTES = 10L * 1024 * 1024;
  public static final int KEEP = 3;

  private final JsonLinesFile out;
  private final Clock clock;

  private HubLog(JsonLinesFile out, Clock clock) {
    this.out = out;
    this.clock = clock;
  }

  public static HubLog open(Path logsDir, Clock clock) {
    return open(logsDir, clock, MAX_BYTES, KEEP);
  }

  public static HubLog open(Path logsDir, Clock clock, long maxBytes, int keep) {
    Path file = logsDir.resolve(FILE_NAME);
    // A full disk must not fail requests; say so once, without a stack trace.
    JsonLinesFile out =
        new JsonLinesFile(
            file, maxBytes, keep, problem -> System.err.println("kxm hub: " + problem));
    try {
      out.open();
      return new HubLog(out, clock);
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE,
          "cannot open the hub log " + file + ": " + e.getMessage(),
          "Make the logs folder writable, or set KXM_LOGS_DIR to a writable absolute path.",
          e);
    }
  }

  public Path file() {
    return out.file();
  }

  public void request(RequestRecord r) {
    ObjectNode line = line("info", "request");
    line.put("requestId", r.requestId())
        .put("method", r.method())
        .put("route", r.route())
        .put("status", r.status())
        .put("ms", Math.round(r.millis() * 10) / 10.0)
        .put("principal", r.principal());
    write(line);
  }

  /** A lifecycle or diagnostic event; values are written as given, so pass no secrets. */
  public void event(String level, String event, Map<String, ?> fields) {
    ObjectNode line = line(level, event);
    fields.forEach((key, value) -> line.putPOJO(key, value));
    write(line);
  }

  /** An error with its stack trace, redacted of credential shapes. */
  public void error(String event, String requestId, String message, Throwable error) {
    ObjectNode line = line("error", event);
    if (requestId != null) {
      line.put("requestId", requestId);
    }
    line.put("message", Redactor.redact(message));
    if (error != null) {
      StringWriter trace = new StringWriter();
      error.printStackTrace(new PrintWriter(trace));
      line.put("error", Redactor.redact(trace.toString()));
    }
    write(line);
  }

  @Override
  public void close() {
    out.close();
  }

  private ObjectNode line(String level, String event) {
    ObjectNode line = Json.object();
    line.put("ts", clock.instant().toString()).put("level", level).put("event", event);
    return line;
  }

  private void write(ObjectNode line) {
    out.append(Json.write(line));
  }
}

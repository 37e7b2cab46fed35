package io.kxm.hub.ops;

import io.kxm.core.error.ErrorCode;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.stream.StreamWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Operations entries about refused requests: {@code error} with the route template (never the path,
 * which carries ids, nor any message text, which may echo input), the error code and the HTTP
 * status, for 5xx answers and auth refusals. An error of no known project (a bad token) goes to the
 * admin's view only. At most {@value #PER_SECOND} entries a second, so a flood of bad requests
 * cannot turn into a flood of writes.
 */
final class ErrorOps {
  static final String ERROR = "error";
  static final int PER_SECOND = 20;
  private static final Logger LOG = LoggerFactory.getLogger(ErrorOps.class);

  private final StreamWriter writer;
  private final Clock clock;
  private long second;
  private int used;

  ErrorOps(StreamWriter writer, Clock clock) {
    this.writer = writer;
    this.clock = clock;
  }

  void refused(String method, String route, int status, ErrorCode code, Principal principal) {
    if (!take()) {
      return;
    }
    String project = principal == null ? "" : principal.project().orElse("");
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("method", method);
    data.put("route", route);
    data.put("code", code.code());
    data.put("status", status);
    data.put("principal", principal == null ? "none" : principal.kind());
    try {
      writer.write((tx, events) -> events.ops(project, ERROR, data));
    } catch (RuntimeException e) {
      // The answer already went out; a failed entry must not turn into a second failure.
      LOG.debug("could not log a refused request in the operations log: {}", e.toString());
    }
  }

  private synchronized boolean take() {
    long now = clock.millis() / 1000;
    if (now != second) {
      second = now;
      used = 0;
    }
    return used++ < PER_SECOND;
  }
}

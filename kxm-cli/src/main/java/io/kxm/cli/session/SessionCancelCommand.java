package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code kxm session cancel SESSION}: cancels every queued and running run of a session. */
@Command(
    name = "cancel",
    mixinStandardHelpOptions = true,
    description = {
      "Cancel every run of a session that has not ended: the queued ones first, newest first, so",
      "none of them starts when the running one stops, then the running one.",
      "Exit code 0 when no run of the session is left queued or running."
    })
public final class SessionCancelCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "SESSION", description = "The session ID (ses_...).")
  String sessionId;

  @Option(names = "--json", description = "Print {\"cancelled\": [runId...]} as JSON.")
  boolean json;

  public SessionCancelCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    SessionApi api = SessionApi.connect(context);
    List<String> queued = new ArrayList<>();
    List<String> running = new ArrayList<>();
    for (JsonNode run : api.show(sessionId).path("runs")) {
      switch (SessionText.text(run, "status")) {
        case "queued" -> queued.addFirst(SessionText.text(run, "id"));
        case "running" -> running.add(SessionText.text(run, "id"));
        default -> {}
      }
    }
    List<String> cancelled = new ArrayList<>();
    for (String runId : concat(queued, running)) {
      try {
        api.cancel(runId);
        cancelled.add(runId);
      } catch (KxmException e) {
        if (e.code() != ErrorCode.RUN_TERMINAL) {
          throw e;
        }
        // it ended by itself between the listing and the cancel
      }
    }
    if (json) {
      context.out().println(Json.write(java.util.Map.of("cancelled", cancelled)));
    } else if (cancelled.isEmpty()) {
      context.out().println("session " + sessionId + " has no queued or running run");
    } else {
      cancelled.forEach(id -> context.out().println("cancelled " + id));
    }
    context.out().flush();
    return 0;
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> all = new ArrayList<>(first);
    all.addAll(second);
    return all;
  }
}

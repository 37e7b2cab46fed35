package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.runtime.SupervisorOutage;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.retry.Backoff;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Follows a workflow run ({@code run_…}) until it ends. A workflow run moves only while a drive
 * holds it and has no event stream, so its status is read again, more slowly the longer nothing
 * changes, and every change of the run or of a step is printed once. A run parked on an answer or
 * an unproven gate is announced with the command that moves it on, and followed further.
 */
public final class WorkflowRunWatch {
  // read again at once after a change, then up to every two seconds while nothing moves
  static final Backoff POLL = new Backoff(Duration.ofMillis(100), Duration.ofSeconds(2));
  // a supervisor away: look for its successor soon, then every few seconds
  private static final Backoff RECONNECT =
      new Backoff(Duration.ofMillis(250), Duration.ofSeconds(4));
  private static final Set<String> ENDED = Set.of("completed", "failed", "cancelled");

  private final CliContext context;
  private Runs runs;
  private final RunRef.Supervised run;
  private final PrintWriter out;
  private final boolean json;
  private final Map<String, String> shown = new HashMap<>();

  public WorkflowRunWatch(CliContext context, RunRef.Supervised run, boolean json) {
    this.context = context;
    this.runs = Runs.connect(context);
    this.run = run;
    this.out = context.out();
    this.json = json;
  }

  /**
   * Follows the run to its end: exit code 0 when it completed, 1 when it failed or was cancelled.
   */
  public int follow() throws InterruptedException {
    int quiet = 0;
    while (true) {
      JsonNode detail = status();
      boolean changed = print(detail);
      String status = RunText.text(detail.path("run"), "status");
      if (ENDED.contains(status)) {
        return status.equals("completed") ? 0 : 1;
      }
      quiet = changed ? 1 : quiet + 1;
      Thread.sleep(POLL.pause(quiet).toMillis());
    }
  }

  /**
   * The run's detail, read through a supervisor restart: while none answers, the watch says so and
   * looks for the next one, for as long as {@link SupervisorOutage#window} allows.
   */
  private JsonNode status() throws InterruptedException {
    Duration window = SupervisorOutage.window(context);
    long lostSince = 0;
    for (int failures = 0; ; failures++) {
      try {
        return runs.status(run);
      } catch (KxmException e) {
        if (!SupervisorOutage.passing(e)) {
          throw e;
        }
        if (failures == 0) {
          lostSince = System.nanoTime();
        } else if (System.nanoTime() - lostSince > window.toNanos()) {
          throw new KxmException(
              ErrorCode.RUNTIME_UNREACHABLE,
              "no runtime supervisor answered for "
                  + window.toSeconds()
                  + " s ("
                  + SupervisorOutage.WINDOW_VARIABLE
                  + ") while watching run "
                  + run.id(),
              "Check 'kxm runtime status', then watch again with 'kxm runs watch "
                  + run.id()
                  + "'.");
        }
        context.err().println("reconnecting… (" + e.code().code() + ")");
        context.err().flush();
        Thread.sleep(RECONNECT.pause(failures + 1).toMillis());
        runs = Runs.running(context).orElse(runs);
      }
    }
  }

  /** Prints what changed since the last read; whether anything did. */
  private boolean print(JsonNode detail) {
    boolean changed = false;
    JsonNode summary = detail.path("run");
    String status = RunText.text(summary, "status");
    if (fresh("run", status)) {
      changed = true;
      line(
          Json.object().put("run", run.id()).put("status", status),
          "run " + run.id() + ": " + status + reason(detail));
      if (status.equals("blocked_uncertain") && !json) {
        out.println(
            "  resolve with: kxm runs recover " + run.id() + " --action retry|unblock|fail");
      }
    }
    for (JsonNode step : detail.path("steps")) {
      String id = RunText.text(step, "stepId");
      String stepStatus = RunText.text(step, "status");
      if (fresh("step:" + id, stepStatus)) {
        changed = true;
        line(
            Json.object().put("run", run.id()).put("step", id).put("status", stepStatus),
            "  step " + id + " [" + RunText.text(step, "type") + "]: " + stepStatus);
      }
    }
    for (JsonNode interaction : detail.path("interactions")) {
      String id = RunText.text(interaction, "interactionId");
      String state = RunText.text(interaction, "status");
      if (fresh("interaction:" + id, state)) {
        changed = true;
        line(
            Json.object().put("run", run.id()).put("interaction", id).put("status", state),
            "  " + RunText.text(interaction, "kind") + " " + id + ": " + state);
        if (state.equals("pending") && !json) {
          out.println(
              "  answer with: kxm runs approve|deny "
                  + run.id()
                  + " "
                  + id
                  + ", or kxm runs answer "
                  + run.id()
                  + " "
                  + id
                  + " <text>");
        }
      }
    }
    out.flush();
    return changed;
  }

  private boolean fresh(String key, String value) {
    return !value.equals(shown.put(key, value));
  }

  private void line(JsonNode asJson, String asText) {
    out.println(json ? Json.write(asJson) : asText);
  }

  private static String reason(JsonNode detail) {
    return detail.hasNonNull("reason") ? " (" + RunText.text(detail, "reason") + ")" : "";
  }
}

package io.kxm.cli.run;

import io.kxm.cli.CliContext;
import io.kxm.cli.runtime.BackgroundRuntime;
import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.interaction.InteractionAnswer;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** The supervisor calls the run commands make, each starting the supervisor on demand. */
public final class Runs {
  private final SupervisorClient client;

  private Runs(SupervisorClient client) {
    this.client = client;
  }

  static Runs connect(CliContext context) {
    return new Runs(new SupervisorClient(BackgroundRuntime.ensure(context)));
  }

  /** The supervisor that answers now, if one does, without starting one. */
  static Optional<Runs> running(CliContext context) {
    return RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
        .map(s -> new Runs(new SupervisorClient(s)));
  }

  /** As {@link #running(CliContext)}, each call bounded by {@code timeout}. */
  public static Optional<Runs> running(CliContext context, Duration timeout) {
    return RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
        .map(s -> new Runs(new SupervisorClient(s).withTimeout(timeout)));
  }

  /**
   * The supervisor that answers now, each call bounded by {@code timeout}.
   *
   * @throws KxmException {@code runtime_not_running} when none does; nothing is started
   */
  public static Runs connectRunning(CliContext context, Duration timeout) {
    return running(context, timeout)
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.RUNTIME_NOT_RUNNING, "no runtime supervisor answers on this machine"));
  }

  /**
   * The runs of the project at {@code projectRoot} ({@code {"runs": [...], "sessionRuns": [...]}})
   * from the supervisor that answers now, each call bounded by {@code timeout}; empty when none
   * runs. Starts nothing.
   */
  public static Optional<JsonNode> listIfRunning(
      CliContext context, String projectRoot, Duration timeout) {
    return RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
        .map(s -> new Runs(new SupervisorClient(s).withTimeout(timeout)).list(projectRoot));
  }

  JsonNode create(String projectRoot, String workflow, String prompt, boolean allowDirty) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("projectRoot", projectRoot);
    body.put("workflow", workflow);
    body.put("prompt", prompt == null ? "" : prompt);
    body.put("allowDirty", allowDirty);
    return client.post("/v1/runs", body);
  }

  public JsonNode list(String projectRoot) {
    return client.get("/v1/runs?projectRoot=" + SupervisorClient.segment(projectRoot));
  }

  public JsonNode status(RunRef.Supervised run) {
    return client.get(path(run, ""));
  }

  JsonNode drive(RunRef.Supervised run, boolean simulated) {
    return client.post(path(run, "/drive"), Map.of("simulated", simulated));
  }

  JsonNode receipt(RunRef.Supervised run) {
    return client.get(path(run, "/receipt"));
  }

  JsonNode verify(RunRef.Supervised run) {
    return client.get(path(run, "/verify"));
  }

  public JsonNode cancel(RunRef.Supervised run) {
    return client.post(path(run, "/cancel"), Map.of());
  }

  JsonNode clean(RunRef.Supervised run) {
    return client.post(path(run, "/clean"), Map.of());
  }

  /** Posts the answer's own body, the form the supervisor stores, so no client builds another. */
  public JsonNode resolve(RunRef.Supervised run, String interactionId, InteractionAnswer answer) {
    return client.post(
        path(run, "/interactions/" + SupervisorClient.segment(interactionId) + "/resolve"),
        answer.body());
  }

  JsonNode recover(RunRef.Supervised run, String action, String reason) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("action", action);
    body.put("reason", reason);
    return client.post(path(run, "/recover"), body);
  }

  private static String path(RunRef.Supervised run, String tail) {
    return "/v1/runs/" + SupervisorClient.segment(run.id()) + tail;
  }
}

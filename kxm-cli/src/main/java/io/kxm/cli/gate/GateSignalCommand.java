package io.kxm.cli.gate;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.HubLocation;
import io.kxm.cli.run.RunsActionCommands;
import io.kxm.client.HttpClients;
import io.kxm.client.HubErrors;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.runtime.api.RecoveryAction;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code kxm gate signal}: sends a waiting run the signed signal that releases it, as a CI job or a
 * script would. It is signed with the signal secret over the v1 string, which names the run's
 * signal path and the delivery ID (see {@link WebhookSignature}).
 */
@Command(
    name = "signal",
    mixinStandardHelpOptions = true,
    description = {
      "Send a signed signal to a waiting workflow run: its stage is checkpointed with the status.",
      "The signal secret comes from the variable the workflow's definition names, or --secret-env."
    })
public final class GateSignalCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", description = "The waiting hub run, or the blocked runtime run.")
  String runId;

  @Option(names = "--workflow", description = "Workflow ID, to find its signal secret variable.")
  String workflow;

  @Option(names = "--signal-key", description = "The key the run waits for (hub runs).")
  String signalKey;

  @Option(names = "--status", description = "passed, warning or failed (hub runs).")
  String status;

  @Option(
      names = "--recovery-action",
      description = {
        "For a runtime run blocked on an unproven gate: retry, unblock, fail or cancel.",
        "Sent to the runtime supervisor instead of a signed signal to the hub."
      })
  RecoveryAction recoveryAction;

  @Option(names = "--reason", description = "Why, with --recovery-action; kept in the run's log.")
  String reason;

  @Spec CommandSpec spec;

  @Option(names = "--summary", description = "What the external work found.")
  String summary;

  @Option(names = "--evidence", description = "Evidence as key=value; repeat for more.")
  Map<String, String> evidence = new LinkedHashMap<>();

  @Option(names = "--secret-env", description = "Variable holding the signal secret.")
  String secretEnv;

  @Option(
      names = "--delivery",
      description = "Delivery ID; a retry with the same one is applied once (default: random).")
  String delivery;

  @Option(names = "--json", description = "Print the hub's answer as JSON.")
  boolean json;

  public GateSignalCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    if (recoveryAction != null) {
      return RunsActionCommands.recover(context, runId, recoveryAction, reason, json);
    }
    if (signalKey == null || status == null) {
      throw new ParameterException(
          spec.commandLine(),
          "Missing required options: '--signal-key', '--status' (or --recovery-action for a"
              + " runtime run)");
    }
    Path definitions =
        context.env().containsKey("KXM_WORKFLOWS_DIR")
            ? Path.of(context.env().get("KXM_WORKFLOWS_DIR"))
            : context.projectPaths().kxmDir().resolve("webhooks");
    SigningSecret secret = SignalSecret.resolve(context.env(), definitions, workflow, secretEnv);
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("signalKey", signalKey);
    body.put("status", status);
    if (summary != null) {
      body.put("summary", summary);
    }
    body.put("evidence", evidence);
    byte[] raw = Json.writeBytes(body);
    long timestamp = Clock.systemUTC().instant().getEpochSecond();
    URI uri =
        URI.create(
            HubLocation.resolve(context).url()
                + "/v1/workflows/runs/"
                + URLEncoder.encode(runId, StandardCharsets.UTF_8)
                + "/signal");
    String deliveryId = delivery != null ? delivery : "gate-" + UUID.randomUUID();
    String signature =
        WebhookSignature.sign(
            secret, "POST", WebhookSignature.signalPath(runId), deliveryId, timestamp, raw);
    HttpRequest request =
        HttpRequest.newBuilder(uri)
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .header(WebhookSignature.DELIVERY_HEADER, deliveryId)
            .header(WebhookSignature.TIMESTAMP_HEADER, Long.toString(timestamp))
            .header(WebhookSignature.SIGNATURE_HEADER, signature)
            .POST(HttpRequest.BodyPublishers.ofByteArray(raw))
            .build();
    HttpResponse<String> response;
    try (HttpClient client = HttpClients.forBase(uri).build()) {
      response = client.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw HubErrors.unreachable(uri, e);
    }
    if (response.statusCode() >= 300) {
      throw HubErrors.fromAnswer(response.statusCode(), response.body(), "POST", uri);
    }
    if (json) {
      context.out().println(response.body());
    } else {
      var run = Json.read(response.body()).path("run");
      context
          .out()
          .println(
              "run "
                  + runId
                  + ": "
                  + run.path("status").asString()
                  + " at stage "
                  + run.path("currentStage").asString());
    }
    context.out().flush();
    return 0;
  }
}

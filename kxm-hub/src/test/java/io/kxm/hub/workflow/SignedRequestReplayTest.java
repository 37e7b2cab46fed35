package io.kxm.hub.workflow;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.WorkflowHub;
import io.kxm.hub.support.Workflows;
import io.kxm.store.StoreConfig;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captured signed webhooks and signals sent again, elsewhere or altered, against a real hub on
 * SQLite: a signature names its method, path, delivery, timestamp and body, is accepted once, and a
 * request to a workflow or run that does not exist is refused as a wrongly signed one.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SignedRequestReplayTest {
  static final String RELAXED = "release-relaxed";
  static final String RELAXED_DEFINITION =
      Workflows.DEFINITION
          .replace("\"id\": \"release\"", "\"id\": \"" + RELAXED + "\"")
          .replace(
              "\"coordinator\": \"lead\",",
              "\"coordinator\": \"lead\"," + " \"allowUntimestampedSignatures\": true,");

  @TempDir static Path dir;
  WorkflowHub hub;
  AgentClient lead;
  int deliveries;

  @BeforeAll
  void start() {
    hub =
        new WorkflowHub(
            dir, StoreConfig.sqlite(dir.resolve("kxm.db")), Map.of(RELAXED, RELAXED_DEFINITION));
    lead = hub.agent("lead");
  }

  @AfterAll
  void stop() {
    hub.close();
  }

  /** One request exactly as a sender put it on the wire. */
  record Captured(
      String method,
      String path,
      String delivery,
      String timestamp,
      String signature,
      String body) {
    Captured to(String otherPath) {
      return new Captured(method, otherPath, delivery, timestamp, signature, body);
    }

    Captured withDelivery(String other) {
      return new Captured(method, path, other, timestamp, signature, body);
    }
  }

  private String delivery() {
    return "replay-" + (++deliveries);
  }

  private Captured signed(String path, String delivery, String body, String secret) {
    long ts = hub.clock.instant().getEpochSecond();
    String signature =
        WebhookSignature.sign(
            SigningSecret.of(secret, "test"),
            "POST",
            path,
            delivery,
            ts,
            body.getBytes(StandardCharsets.UTF_8));
    return new Captured("POST", path, delivery, Long.toString(ts), signature, body);
  }

  private Captured start(String delivery, String body) {
    return signed(WebhookSignature.startPath(Workflows.ID), delivery, body, Workflows.START_SECRET);
  }

  private Captured signal(String runId, String delivery, Map<String, ?> body) {
    return signed(
        WebhookSignature.signalPath(runId), delivery, Json.write(body), Workflows.SIGNAL_SECRET);
  }

  private Http.Response send(Captured c) {
    List<String> headers = new ArrayList<>(List.of("Content-Type", "application/json"));
    if (c.delivery() != null) {
      headers.addAll(List.of(WebhookSignature.DELIVERY_HEADER, c.delivery()));
    }
    if (c.timestamp() != null) {
      headers.addAll(List.of(WebhookSignature.TIMESTAMP_HEADER, c.timestamp()));
    }
    if (c.signature() != null) {
      headers.addAll(List.of(WebhookSignature.SIGNATURE_HEADER, c.signature()));
    }
    return hub.http.send(
        hub.http
            .request(c.path(), headers.toArray(String[]::new))
            .method(
                c.method(),
                HttpRequest.BodyPublishers.ofByteArray(c.body().getBytes(StandardCharsets.UTF_8))));
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).as(response.body()).isEqualTo(code);
  }

  private int runs() {
    return lead.get("/workflows/runs").json().path("runs").size();
  }

  private String waitingRun() {
    String runId = hub.startRun(delivery());
    Http.Response waited =
        lead.post(
            "/workflows/runs/" + runId + "/wait",
            Json.write(Map.of("stageId", "implement", "signalKey", "ci", "summary", "CI runs")));
    assertThat(waited.status()).as(waited.body()).isEqualTo(200);
    return runId;
  }

  private static Map<String, Object> passed() {
    return Map.of("signalKey", "ci", "status", "passed", "evidence", Map.of("unit tests", "ok"));
  }

  @Test
  void a_captured_webhook_sent_again_with_new_delivery_ids_starts_no_run() {
    Captured captured = start(delivery(), "{\"version\":\"1.2.3\"}");
    assertThat(send(captured).status()).isEqualTo(201);
    int before = runs();

    refused(send(captured.withDelivery(delivery())), 401, "signature_invalid");
    refused(send(captured.withDelivery(delivery())), 401, "signature_invalid");

    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void the_same_signed_webhook_sent_twice_is_signature_replayed() {
    Captured captured = start(delivery(), "{\"version\":\"1.2.3\"}");
    assertThat(send(captured).status()).isEqualTo(201);
    int before = runs();

    Http.Response again = send(captured);

    refused(again, 409, "signature_replayed");
    assertThat(again.body()).contains(captured.delivery()).contains(Workflows.ID);
    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void a_delivery_id_sent_again_with_another_body_is_a_conflict_and_with_the_same_a_duplicate() {
    String id = delivery();
    Http.Response first = send(start(id, "{\"version\":\"1.2.3\"}"));
    assertThat(first.status()).isEqualTo(201);
    int before = runs();
    hub.clock.tick(Duration.ofSeconds(1));

    Http.Response other = send(start(id, "{\"version\":\"6.6.6\"}"));
    Http.Response same = send(start(id, "{\"version\":\"1.2.3\"}"));

    refused(other, 409, "delivery_conflict");
    assertThat(other.body()).contains(id).contains(first.json().path("runId").asString());
    assertThat(same.status()).as(same.body()).isEqualTo(200);
    assertThat(same.json().path("duplicate").asBoolean()).isTrue();
    assertThat(same.json().path("runId").asString())
        .isEqualTo(first.json().path("runId").asString());
    assertThat(runs()).isEqualTo(before);
  }

  @Test
  void a_captured_signal_moves_no_other_run_and_is_accepted_once() {
    String target = waitingRun();
    String other = waitingRun();
    Captured captured = signal(target, delivery(), passed());
    assertThat(send(captured).status()).isEqualTo(200);
    int otherVersion = hub.store.workflowRuns().find(other).orElseThrow().version();
    int targetVersion = hub.store.workflowRuns().find(target).orElseThrow().version();

    refused(send(captured.to(WebhookSignature.signalPath(other))), 401, "signature_invalid");
    refused(
        send(captured.to(WebhookSignature.signalPath(other)).withDelivery(delivery())),
        401,
        "signature_invalid");
    refused(send(captured.withDelivery(delivery())), 401, "signature_invalid");
    refused(send(captured), 409, "signature_replayed");

    assertThat(hub.run(lead, other).path("status").asString()).isEqualTo("waiting");
    assertThat(hub.store.workflowRuns().find(other).orElseThrow().version())
        .isEqualTo(otherVersion);
    assertThat(hub.store.workflowRuns().find(target).orElseThrow().version())
        .isEqualTo(targetVersion);
  }

  @Test
  void a_signal_delivery_sent_again_with_another_body_is_a_conflict() {
    String runId = waitingRun();
    String id = delivery();
    Map<String, Object> failed = Map.of("signalKey", "ci", "status", "failed");
    assertThat(send(signal(runId, id, failed)).status()).isEqualTo(200);
    int version = hub.store.workflowRuns().find(runId).orElseThrow().version();
    hub.clock.tick(Duration.ofSeconds(1));

    Http.Response other = send(signal(runId, id, passed()));
    Http.Response same = send(signal(runId, id, failed));

    refused(other, 409, "delivery_conflict");
    assertThat(other.body()).contains(id).contains(runId);
    assertThat(same.status()).as(same.body()).isEqualTo(200);
    assertThat(same.json().path("duplicate").asBoolean()).isTrue();
    assertThat(hub.store.workflowRuns().find(runId).orElseThrow().version()).isEqualTo(version);
  }

  @Test
  void a_bad_signature_to_a_missing_workflow_is_answered_as_to_a_real_one() {
    String body = "{\"version\":\"1.2.3\"}";
    String wrong = "not-the-start-secret-0123456789";
    for (String missing : List.of("nope", "release-2")) {
      List<Captured> real =
          List.of(
              signed(WebhookSignature.startPath(Workflows.ID), "d-x", body, wrong),
              new Captured(
                  "POST", WebhookSignature.startPath(Workflows.ID), "d-x", null, null, body),
              untimestamped(Workflows.ID, wrong),
              untimestamped(RELAXED, wrong));
      for (Captured request : real) {
        String id = request.path().substring("/v1/webhooks/".length());
        Http.Response toReal = send(request);
        Http.Response toMissing = send(request.to(WebhookSignature.startPath(missing)));

        assertThat(toReal.status()).isEqualTo(401);
        assertThat(toMissing.status()).as(toMissing.body()).isEqualTo(toReal.status());
        assertThat(toMissing.body()).isEqualTo(toReal.body().replace(id, missing));
      }
    }
  }

  @Test
  void a_bad_signature_to_a_missing_run_is_answered_as_to_a_real_one() {
    String runId = waitingRun();
    String missing = "run_" + "0".repeat(runId.length() - 4);
    String wrong = "not-the-signal-secret-0123456789";
    String body = Json.write(passed());
    for (Captured request :
        List.of(
            signed(WebhookSignature.signalPath(runId), "d-y", body, wrong),
            new Captured("POST", WebhookSignature.signalPath(runId), "d-y", "1", null, body))) {
      Http.Response toReal = send(request);
      Http.Response toMissing = send(request.to(WebhookSignature.signalPath(missing)));

      assertThat(toReal.status()).isEqualTo(401);
      assertThat(toMissing.status()).as(toMissing.body()).isEqualTo(toReal.status());
      assertThat(toMissing.body()).isEqualTo(toReal.body().replace(runId, missing));
    }
    assertThat(hub.run(lead, runId).path("status").asString()).isEqualTo("waiting");
  }

  @Test
  void an_untimestamped_signature_is_accepted_once_while_its_digest_is_kept() {
    Captured captured = untimestamped(RELAXED, Workflows.START_SECRET);
    Http.Response first = send(captured);
    assertThat(first.status()).as(first.body()).isEqualTo(201);

    refused(send(captured), 409, "signature_replayed");
    refused(send(captured.withDelivery(delivery())), 401, "signature_invalid");
  }

  private Captured untimestamped(String workflowId, String secret) {
    String path = WebhookSignature.startPath(workflowId);
    String delivery = delivery();
    String body = "{\"version\":\"0.9\"}";
    String signature =
        WebhookSignature.signUntimestamped(
            SigningSecret.of(secret, "test"),
            "POST",
            path,
            delivery,
            body.getBytes(StandardCharsets.UTF_8));
    return new Captured("POST", path, delivery, null, signature, body);
  }
}

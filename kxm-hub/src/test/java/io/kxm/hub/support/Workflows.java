package io.kxm.hub.support;

import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;

/** A three-stage test workflow, its secrets, and signed requests to start and release it. */
public final class Workflows {
  public static final String ID = "release";
  public static final String START_SECRET = "start-secret-0123456789-abcdef";
  public static final String SIGNAL_SECRET = "signal-secret-9876543210-fedcba";
  public static final String START_ENV = "KXM_TEST_RELEASE_SECRET";
  public static final String SIGNAL_ENV = "KXM_TEST_RELEASE_SIGNAL_SECRET";

  /**
   * implement (three attempts), review (two of alice, bob and carol must reply), ci (released by a
   * signal).
   */
  public static final String DEFINITION =
      """
      {"id": "release", "project": "alpha", "coordinator": "lead",
       "promptTemplate": "Release version {{payload.version}}.",
       "secretEnv": "KXM_TEST_RELEASE_SECRET", "signalSecretEnv": "KXM_TEST_RELEASE_SIGNAL_SECRET",
       "stages": [
         {"id": "implement", "instructions": "Make the change and run the unit tests.",
          "requiredEvidence": ["unit tests"], "maxAttempts": 3, "area": "implementation"},
         {"id": "review", "instructions": "Ask two reviewers with kxm_fanout.",
          "requiredEvidence": ["review"], "maxAttempts": 2, "area": "gates",
          "peerEvidence": {"review": {"producers": ["alice", "bob", "carol"], "quorum": 2,
                                      "allowDegrade": true}}},
         {"id": "ci", "instructions": "Wait for CI on the merge commit.",
          "requiredEvidence": ["ci"], "maxAttempts": 1}
       ]}
      """;

  private Workflows() {}

  /** Writes the definition into {@code folder}. */
  public static void define(Path folder) {
    define(folder, ID, DEFINITION);
  }

  /** Writes the definition {@code json} of workflow {@code id} into {@code folder}. */
  public static void define(Path folder, String id, String json) {
    try {
      Files.createDirectories(folder);
      Files.writeString(folder.resolve(id + ".json"), json);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The environment variables the definition names. */
  public static Map<String, String> secrets() {
    return Map.of(START_ENV, START_SECRET, SIGNAL_ENV, SIGNAL_SECRET);
  }

  /** {@code POST /v1/webhooks/release} signed with {@code secret} at {@code at}. */
  public static Http.Response start(
      Http http, String deliveryId, String body, String secret, Instant at) {
    return signed(http, "/v1/webhooks/" + ID, deliveryId, body, secret, at);
  }

  public static Http.Response start(Http http, String deliveryId, String body, Instant at) {
    return start(http, deliveryId, body, START_SECRET, at);
  }

  /** {@code POST /v1/workflows/runs/{runId}/signal} signed with the signal secret. */
  public static Http.Response signal(
      Http http, String runId, String deliveryId, Map<String, ?> body, Instant at) {
    return signed(
        http,
        "/v1/workflows/runs/" + runId + "/signal",
        deliveryId,
        Json.write(body),
        SIGNAL_SECRET,
        at);
  }

  public static Http.Response signed(
      Http http, String path, String deliveryId, String body, String secret, Instant at) {
    byte[] raw = body.getBytes(StandardCharsets.UTF_8);
    long timestamp = at.getEpochSecond();
    String signature =
        WebhookSignature.sign(
            SigningSecret.of(secret, "test"), "POST", path, deliveryId, timestamp, raw);
    return http.send(
        http.request(
                path,
                "Content-Type",
                "application/json",
                WebhookSignature.DELIVERY_HEADER,
                deliveryId,
                WebhookSignature.TIMESTAMP_HEADER,
                Long.toString(timestamp),
                WebhookSignature.SIGNATURE_HEADER,
                signature)
            .POST(HttpRequest.BodyPublishers.ofByteArray(raw)));
  }
}

package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.SigningSecret;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.hub.support.Workflows;
import io.kxm.testkit.hostile.Hostile;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.BeforeContainer;

/**
 * Generated {@code X-KXM-Signature}, {@code X-KXM-Timestamp} and {@code X-KXM-Delivery} values, and
 * bodies, on the webhook that starts a workflow run: a refusal is a 4xx with its code and creates
 * no run; only a correctly signed, fresh, well-formed request creates one.
 */
class HostileWebhooksTest {
  private static final SigningSecret SECRET = SigningSecret.of(Workflows.START_SECRET, "test");
  private static final byte[] KEY = Workflows.START_SECRET.getBytes(StandardCharsets.UTF_8);
  private static final AtomicLong DELIVERIES = new AtomicLong();
  private static HostileHub hub;

  /** How the signature header relates to the request. */
  enum Signing {
    RIGHT,
    RIGHT_UPPERCASE,
    OTHER_SECRET,
    OTHER_TIMESTAMP,
    UNTIMESTAMPED,
    GENERATED,
    ABSENT
  }

  /** One generated request; a null header is left out. */
  record Attempt(
      String workflow,
      Signing signing,
      String signature,
      String timestamp,
      String delivery,
      String body) {
    @Override
    public String toString() {
      return workflow
          + " "
          + signing
          + " sig="
          + Hostile.abbreviate(signature, 80)
          + " ts="
          + timestamp
          + " delivery="
          + Hostile.abbreviate(delivery, 80)
          + " body="
          + Hostile.abbreviate(body, 80);
    }
  }

  @BeforeContainer
  static void start() {
    hub = HostileHub.start();
  }

  @AfterContainer
  static void stop() throws Exception {
    try {
      assertThat(hub.health()).isEqualTo(200);
    } finally {
      hub.close();
    }
  }

  /** Header text an HTTP client will send: one line of visible characters, possibly none. */
  private static Arbitrary<String> headerText(int max) {
    return Arbitraries.strings()
        .withCharRange(' ', '~')
        .withCharRange('\u00a0', '\u00ff')
        .ofMaxLength(max);
  }

  @Provide
  Arbitrary<String> timestamps() {
    long now = Instant.now().getEpochSecond();
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just(Long.toString(now))),
        Tuple.of(
            3,
            Arbitraries.of(
                Long.toString(now - 3600),
                Long.toString(now + 3600),
                Long.toString(now + 100L * 365 * 24 * 3600),
                "0",
                "-1",
                "+" + now,
                now + ".0",
                "1e9",
                "999999999999",
                "9999999999999",
                "99999999999999999999999999",
                "",
                " " + now,
                "0x10")),
        Tuple.of(2, Arbitraries.longs().map(String::valueOf)),
        Tuple.of(1, headerText(30)),
        Tuple.of(1, Arbitraries.just(null)));
  }

  @Provide
  Arbitrary<String> deliveries() {
    return Arbitraries.frequencyOf(
        Tuple.of(4, Arbitraries.just("fresh")),
        Tuple.of(2, headerText(40)),
        Tuple.of(1, Arbitraries.of("", " ", "a b", "é", "x".repeat(128), "x".repeat(129), "d-1")),
        Tuple.of(
            1, Arbitraries.strings().withCharRange('!', '~').ofMinLength(100).ofMaxLength(300)),
        Tuple.of(1, Arbitraries.just(null)));
  }

  @Provide
  Arbitrary<String> bodies() {
    return Arbitraries.frequencyOf(
        Tuple.of(
            4, Arbitraries.of("{\"version\":\"1.2.3\"}", "{}", "{\"version\":7,\"x\":[1,{}]}")),
        Tuple.of(
            2,
            Arbitraries.of(
                "",
                "[]",
                "null",
                "\"x\"",
                "{",
                "{\"version\":\"1\"}{}",
                "{\"version\":\"" + "v".repeat(40_000) + "\"}")),
        Tuple.of(1, Arbitraries.strings().all().ofMaxLength(60)));
  }

  @Provide
  Arbitrary<String> workflows() {
    return Arbitraries.frequencyOf(
        Tuple.of(8, Arbitraries.just(Workflows.ID)),
        Tuple.of(1, Arbitraries.of("missing", "RELEASE", "release.json", "..", "%2e%2e", "a%00b")),
        Tuple.of(
            1,
            Arbitraries.strings()
                .all()
                .ofMinLength(1)
                .ofMaxLength(20)
                .map(s -> URLEncoder.encode(s, StandardCharsets.UTF_8))));
  }

  @Provide
  Arbitrary<Attempt> attempts() {
    return Combinators.combine(
            workflows(),
            Arbitraries.of(Signing.class),
            Arbitraries.oneOf(
                headerText(80),
                Arbitraries.strings()
                    .withChars("0123456789abcdef")
                    .ofLength(64)
                    .map(h -> "sha256=" + h)),
            timestamps(),
            deliveries(),
            bodies())
        .as(Attempt::new);
  }

  @Property(tries = Hostile.TRIES)
  void a_refused_webhook_gets_its_code_and_starts_no_run(@ForAll("attempts") Attempt attempt) {
    String delivery =
        "fresh".equals(attempt.delivery())
            ? "d-" + DELIVERIES.incrementAndGet()
            : attempt.delivery();
    byte[] raw = attempt.body().getBytes(StandardCharsets.UTF_8);
    String signature = signature(attempt, delivery, raw);
    int before = runs();

    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create(hub.url("/v1/webhooks/" + attempt.workflow())))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofByteArray(raw));
    header(request, WebhookSignature.SIGNATURE_HEADER, signature);
    header(request, WebhookSignature.TIMESTAMP_HEADER, attempt.timestamp());
    header(request, WebhookSignature.DELIVERY_HEADER, delivery);
    HttpResponse<String> response = HostileHub.send(request.build());

    String what =
        attempt + " -> " + response.statusCode() + " " + Hostile.abbreviate(response.body(), 300);
    assertThat(response.statusCode()).as(what).isLessThan(500);
    Hostile.assertNoStackTrace(what, response.body());
    int after = runs();
    if (response.statusCode() == 201) {
      assertThat(after).as(what).isEqualTo(before + 1);
      return;
    }
    assertThat(after).as("no run after %s", what).isEqualTo(before);
    if (response.statusCode() == 200) {
      // a delivery id seen before answers with the run it started
      assertThat(Json.read(response.body()).path("duplicate").asBoolean()).as(what).isTrue();
      return;
    }
    String code = Json.read(response.body()).path("error").path("code").asString("");
    switch (response.statusCode()) {
      case 401 -> assertThat(code).as(what).isIn("signature_invalid", "signature_expired");
      case 400 ->
          assertThat(code)
              .as(what)
              .isIn("invalid_delivery_id", "invalid_json", "invalid_request", "value_too_long");
      case 404 -> assertThat(code).as(what).isEqualTo("not_found");
      case 409 -> assertThat(code).as(what).isIn("signature_replayed", "delivery_conflict");
      default -> assertThat(code).as(what).isNotBlank();
    }
  }

  private static String signature(Attempt attempt, String delivery, byte[] raw) {
    String timestamp = attempt.timestamp();
    String path = path(attempt);
    String id = delivery(attempt, delivery);
    return switch (attempt.signing()) {
      case RIGHT -> timestamp == null ? null : sign(KEY, path, id, timestamp, raw);
      case RIGHT_UPPERCASE ->
          timestamp == null
              ? null
              : "sha256="
                  + sign(KEY, path, id, timestamp, raw)
                      .substring(7)
                      .toUpperCase(java.util.Locale.ROOT);
      case OTHER_SECRET ->
          timestamp == null
              ? null
              : sign(
                  "another-secret-0123456789".getBytes(StandardCharsets.UTF_8),
                  path,
                  id,
                  timestamp,
                  raw);
      case OTHER_TIMESTAMP ->
          WebhookSignature.sign(
              SECRET, "POST", path(attempt), delivery(attempt, delivery), 1_000_000_000L, raw);
      case UNTIMESTAMPED ->
          WebhookSignature.signUntimestamped(
              SECRET, "POST", path(attempt), delivery(attempt, delivery), raw);
      case GENERATED -> attempt.signature();
      case ABSENT -> null;
    };
  }

  /** The path the hub signs over: the workflow ID as sent, which for real ones needs no escape. */
  private static String path(Attempt attempt) {
    return WebhookSignature.startPath(attempt.workflow());
  }

  private static String delivery(Attempt attempt, String delivery) {
    return delivery == null ? "" : delivery;
  }

  /** Signs the v1 lines with the header texts exactly as sent, whether or not they are valid. */
  private static String sign(
      byte[] secret, String path, String delivery, String timestamp, byte[] raw) {
    try {
      javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
      mac.init(new javax.crypto.spec.SecretKeySpec(secret, "HmacSHA256"));
      String lines = "v1\nPOST\n" + path + "\n" + delivery + "\n" + timestamp + "\n";
      mac.update(lines.getBytes(StandardCharsets.ISO_8859_1));
      return "sha256=" + java.util.HexFormat.of().formatHex(mac.doFinal(raw));
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void header(HttpRequest.Builder request, String name, String value) {
    if (value != null) {
      request.header(name, value);
    }
  }

  /** Runs the coordinator sees: every run of the one workflow. */
  private static int runs() {
    HttpResponse<String> list =
        HostileHub.send(
            hub.request("/v1/agents/" + hub.lead.id() + "/workflows/runs", hub.lead).GET().build());
    assertThat(list.statusCode()).as(list.body()).isEqualTo(200);
    return Json.read(list.body()).path("runs").size();
  }
}

package io.kxm.hub.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.workflow.signature.WebhookSignature;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.WorkflowHub;
import io.kxm.hub.support.Workflows;
import io.kxm.testkit.hostile.Hostile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * Generated replays of captured, accepted signed requests (a webhook start and a signal), sent
 * again as they were or with a new delivery ID, another path, another method, an altered timestamp
 * or altered body bytes, alone or together: none starts a run or moves one.
 */
class HostileSignedReplayTest {
  private static Path dir;
  private static WorkflowHub hub;
  private static Captured start;
  private static Captured signal;
  private static String target;
  private static String bystander;
  private static int runs;
  private static Map<String, Integer> versions;

  /** A request exactly as it went on the wire. */
  record Captured(
      String method,
      String path,
      String delivery,
      String timestamp,
      String signature,
      byte[] body) {}

  enum Change {
    DELIVERY,
    PATH,
    METHOD,
    TIMESTAMP,
    BODY
  }

  /** One generated replay; the fields a change does not pick are left as captured. */
  record Replay(
      boolean ofSignal,
      Set<Change> changes,
      String delivery,
      String path,
      String method,
      String timestamp,
      BodyEdit body) {
    @Override
    public String toString() {
      return (ofSignal ? "signal " : "start ")
          + changes
          + " delivery="
          + Hostile.abbreviate(delivery, 60)
          + " path="
          + Hostile.abbreviate(path, 80)
          + " method="
          + method
          + " ts="
          + timestamp
          + " body@"
          + body.index()
          + "^"
          + body.xor()
          + "+"
          + Hostile.abbreviate(body.tail(), 20);
    }
  }

  /** Flips bits of one body byte and appends a tail. */
  record BodyEdit(int index, int xor, String tail) {}

  @BeforeContainer
  static void start() throws IOException {
    dir = Files.createTempDirectory("kxm-hostile-replay");
    hub = new WorkflowHub(dir);
    AgentClient lead = hub.agent("lead");
    start =
        accepted(
            WebhookSignature.startPath(Workflows.ID),
            "captured-start",
            "{\"version\":\"1.2.3\"}",
            Workflows.START_SECRET,
            201);
    target = hub.startRun("target");
    bystander = hub.startRun("bystander");
    waitOn(lead, target);
    waitOn(lead, bystander);
    signal =
        accepted(
            WebhookSignature.signalPath(target),
            "captured-signal",
            Json.write(Map.of("signalKey", "ci", "status", "failed")),
            Workflows.SIGNAL_SECRET,
            200);
    // the failed signal asked for another attempt; the coordinator waits on it again
    waitOn(lead, target);
    runs = hub.store.workflowRuns().listByProject("alpha").size();
    versions = Map.of(target, version(target), bystander, version(bystander));
  }

  @AfterContainer
  static void stop() throws IOException {
    try {
      assertThat(hub.http.get("/health").status()).isEqualTo(200);
    } finally {
      hub.close();
      try (var all = Files.walk(dir)) {
        for (Path p : all.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      } catch (UncheckedIOException e) {
        // a leftover temporary folder is harmless
      }
    }
  }

  private static Captured accepted(
      String path, String delivery, String body, String secret, int status) {
    byte[] raw = body.getBytes(StandardCharsets.UTF_8);
    long ts = hub.clock.instant().getEpochSecond();
    String signature =
        WebhookSignature.sign(
            io.kxm.core.workflow.signature.SigningSecret.of(secret, "test"),
            "POST",
            path,
            delivery,
            ts,
            raw);
    Captured captured = new Captured("POST", path, delivery, Long.toString(ts), signature, raw);
    Http.Response response = send(captured);
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    return captured;
  }

  private static void waitOn(AgentClient lead, String runId) {
    Http.Response waited =
        lead.post(
            "/workflows/runs/" + runId + "/wait",
            Json.write(Map.of("stageId", "implement", "signalKey", "ci", "summary", "CI runs")));
    assertThat(waited.status()).as(waited.body()).isEqualTo(200);
  }

  private static int version(String runId) {
    return hub.store.workflowRuns().find(runId).orElseThrow().version();
  }

  private static Http.Response send(Captured c) {
    List<String> headers = new ArrayList<>(List.of("Content-Type", "application/json"));
    headers.addAll(List.of(WebhookSignature.DELIVERY_HEADER, c.delivery()));
    if (!c.timestamp().isEmpty()) {
      headers.addAll(List.of(WebhookSignature.TIMESTAMP_HEADER, c.timestamp()));
    }
    headers.addAll(List.of(WebhookSignature.SIGNATURE_HEADER, c.signature()));
    return hub.http.send(
        hub.http
            .request(c.path(), headers.toArray(String[]::new))
            .method(c.method(), HttpRequest.BodyPublishers.ofByteArray(c.body())));
  }

  @Provide
  Arbitrary<Replay> replays() {
    Arbitrary<String> deliveries =
        Arbitraries.frequencyOf(
            Tuple.of(
                3, Arbitraries.strings().withCharRange('!', '~').ofMinLength(1).ofMaxLength(40)),
            Tuple.of(
                1, Arbitraries.of("captured-start", "captured-signal", "target", "bystander")));
    Arbitrary<String> paths =
        Arbitraries.frequencyOf(
            Tuple.of(
                4,
                Arbitraries.of(
                    "/v1/webhooks/" + Workflows.ID + "/",
                    "/v1/webhooks/" + Workflows.ID + "?x=1",
                    "/v1/webhooks/other",
                    "/v1/webhooks/RELEASE",
                    "/v1/webhooks/%72elease",
                    "SIGNAL:TARGET",
                    "SIGNAL:BYSTANDER",
                    "SIGNAL:TARGET/",
                    "/v1/workflows/runs/run_missing/signal",
                    "/v1/webhooks/" + Workflows.ID)),
            Tuple.of(
                1,
                Arbitraries.strings()
                    .withCharRange('a', 'z')
                    .withChars('-', '_', '.')
                    .ofMinLength(1)
                    .ofMaxLength(30)
                    .map(s -> "/v1/webhooks/" + s)));
    Arbitrary<String> methods = Arbitraries.of("GET", "PUT", "PATCH", "DELETE");
    Arbitrary<String> timestamps =
        Arbitraries.frequencyOf(
            Tuple.of(
                3, Arbitraries.longs().between(-400, 400).filter(d -> d != 0).map(d -> "+" + d)),
            Tuple.of(1, Arbitraries.longs().between(-10_000_000, 10_000_000).map(d -> "+" + d)),
            Tuple.of(2, Arbitraries.of("0", "", " ", "ZERO", "SPACE", "TAIL")),
            Tuple.of(1, Arbitraries.strings().withCharRange(' ', '~').ofMaxLength(14)));
    Arbitrary<Set<Change>> changes = Arbitraries.of(Change.class).set().ofMaxSize(5);
    return Combinators.combine(
            Arbitraries.of(true, false),
            changes,
            deliveries,
            paths,
            methods,
            timestamps,
            Combinators.combine(
                    Arbitraries.integers().between(0, 1_000),
                    Arbitraries.integers().between(1, 255),
                    Arbitraries.frequencyOf(
                        Tuple.of(3, Arbitraries.just("")),
                        Tuple.of(1, Arbitraries.strings().all().ofMaxLength(8))))
                .as(BodyEdit::new))
        .as(Replay::new);
  }

  @Property(tries = Hostile.TRIES)
  void a_replayed_or_altered_signed_request_starts_no_run_and_moves_none(
      @ForAll("replays") Replay replay) {
    Captured sent = apply(replay, replay.ofSignal() ? signal : start);

    Http.Response response = send(sent);

    String what =
        replay + " -> " + response.status() + " " + Hostile.abbreviate(response.body(), 300);
    assertThat(response.status()).as(what).isBetween(400, 499);
    Hostile.assertNoStackTrace(what, response.body());
    assertThat(hub.store.workflowRuns().listByProject("alpha")).as(what).hasSize(runs);
    assertThat(version(target)).as(what).isEqualTo(versions.get(target));
    assertThat(version(bystander)).as(what).isEqualTo(versions.get(bystander));
  }

  private static Captured apply(Replay replay, Captured c) {
    String delivery = replay.changes().contains(Change.DELIVERY) ? replay.delivery() : c.delivery();
    String path = replay.changes().contains(Change.PATH) ? path(replay.path()) : c.path();
    String method = replay.changes().contains(Change.METHOD) ? replay.method() : c.method();
    String timestamp =
        replay.changes().contains(Change.TIMESTAMP)
            ? timestamp(replay.timestamp(), c)
            : c.timestamp();
    byte[] body = c.body();
    if (replay.changes().contains(Change.BODY)) {
      body = Arrays.copyOf(body, body.length);
      body[replay.body().index() % body.length] ^= (byte) replay.body().xor();
      byte[] tail = replay.body().tail().getBytes(StandardCharsets.UTF_8);
      byte[] longer = Arrays.copyOf(body, body.length + tail.length);
      System.arraycopy(tail, 0, longer, body.length, tail.length);
      body = longer;
    }
    return new Captured(method, path, delivery, timestamp, c.signature(), body);
  }

  private static String path(String generated) {
    return switch (generated) {
      case "SIGNAL:TARGET" -> WebhookSignature.signalPath(target);
      case "SIGNAL:BYSTANDER" -> WebhookSignature.signalPath(bystander);
      case "SIGNAL:TARGET/" -> WebhookSignature.signalPath(target) + "/";
      default -> generated;
    };
  }

  /** A shift of the captured timestamp, or another text for it. */
  private static String timestamp(String generated, Captured c) {
    long captured = Long.parseLong(c.timestamp());
    return switch (generated) {
      case "ZERO" -> "0" + captured;
      case "SPACE" -> " " + captured;
      case "TAIL" -> captured + " ";
      default -> shifted(generated, captured);
    };
  }

  private static String shifted(String generated, long captured) {
    if (generated.startsWith("+")) {
      try {
        return Long.toString(Math.max(0, captured + Long.parseLong(generated.substring(1))));
      } catch (NumberFormatException e) {
        // a generated text that merely starts with '+' is sent as it is
      }
    }
    return generated;
  }
}

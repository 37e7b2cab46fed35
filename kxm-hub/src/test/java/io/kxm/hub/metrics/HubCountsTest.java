package io.kxm.hub.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.MetricDocs;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The assembled hub's own counters and gauges, read over HTTP after a scripted sequence of sends,
 * acknowledgements, replies, cancels, expiries, refusals, webhooks and sync pushes.
 */
class HubCountsTest {
  @TempDir Path dir;
  private final SettableClock clock = SettableClock.atEpochSecond(1_900_000_000L);
  private HubServer hub;
  private Http http;

  @BeforeEach
  void start() {
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    env.put("KXM_SSE_HEARTBEAT_MS", "300"); // a closed stream is noticed at its next heartbeat
    HubConfig config = HubConfig.fromEnvironment(env, dir.resolve("project"));
    hub = HubAssembly.start(config, env, clock);
    http = new Http(hub.baseUrl());
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private AgentClient agent(String name) {
    Http.Response response =
        http.postJson(
            "/v1/projects/alpha/agents", TestHubs.ALPHA, Json.write(Map.of("name", name)));
    assertThat(response.status()).isEqualTo(201);
    JsonNode body = response.json();
    return new AgentClient(
        http,
        TestHubs.ALPHA,
        body.path("agentId").asString(),
        body.path("agentKey").asString(),
        name);
  }

  private Scrape scrape() {
    Http.Response response = http.getWithToken("/metrics", TestHubs.ADMIN);
    assertThat(response.status()).isEqualTo(200);
    return Scrape.of(response.body());
  }

  @Test
  void every_message_outcome_and_refusal_is_counted_once_by_the_code_that_decided_it() {
    AgentClient alice = agent("alice");
    AgentClient bob = agent("bob");
    Scrape before = scrape();
    assertThat(before.value("kxm_messages_total{outcome=\"sent\"}")).isZero();
    assertThat(before.value("kxm_agents{presence=\"online\"}")).isEqualTo(2);

    String replied = alice.sendOk("bob", "first");
    String cancelled = alice.sendOk("bob", "second");
    String acked = alice.sendOk("bob", "third");
    assertThat(bob.ack(acked).status()).isEqualTo(200);
    assertThat(bob.ack(acked).status()).isEqualTo(200); // a repeat changes nothing
    assertThat(bob.reply(replied, "done").status()).isEqualTo(200);
    assertThat(alice.cancel(cancelled).status()).isEqualTo(200);
    String expiring =
        alice
            .send(Map.of("target", "bob", "content", "soon", "ttlMs", 1000))
            .json()
            .path("messageId")
            .asString();
    clock.tick(Duration.ofSeconds(2));
    assertThat(bob.reply(expiring, "late").status()).isEqualTo(409);
    assertThat(alice.send("nobody", "hello?").errorCode()).isEqualTo("target_not_found");
    assertThat(alice.send("nobody", "again?").errorCode()).isEqualTo("target_not_found");
    assertThat(alice.send("alice", "me").errorCode()).isEqualTo("self_target");

    Scrape after = scrape();
    assertThat(after.value("kxm_messages_total{outcome=\"sent\"}")).isEqualTo(4);
    assertThat(after.value("kxm_messages_total{outcome=\"delivered\"}")).isEqualTo(1);
    assertThat(after.value("kxm_messages_total{outcome=\"replied\"}")).isEqualTo(1);
    assertThat(after.value("kxm_messages_total{outcome=\"cancelled\"}")).isEqualTo(1);
    assertThat(after.value("kxm_messages_total{outcome=\"expired\"}")).isEqualTo(1);
    assertThat(after.value("kxm_messages_refused_total{code=\"target_not_found\"}")).isEqualTo(2);
    assertThat(after.value("kxm_messages_refused_total{code=\"self_target\"}")).isEqualTo(1);
  }

  @Test
  void agents_are_counted_by_presence_as_the_clock_moves() {
    agent("alice");
    agent("bob");

    clock.tick(Duration.ofSeconds(61)); // past the default 60 s lease: stale
    Scrape stale = scrape();
    assertThat(stale.value("kxm_agents{presence=\"stale\"}")).isEqualTo(2);
    assertThat(stale.value("kxm_agents{presence=\"online\"}")).isZero();

    clock.tick(Duration.ofSeconds(60)); // a lease length more: offline
    assertThat(scrape().value("kxm_agents{presence=\"offline\"}")).isEqualTo(2);
  }

  @Test
  void sync_events_are_counted_by_outcome_and_refusals_by_code() {
    String body =
        "{\"runtimeId\":\"rt-m\",\"events\":["
            + event("alpha", 1, "created")
            + ","
            + event("alpha", 2, "running")
            + ","
            + event("beta", 1, "created")
            + "]}";
    assertThat(http.postJson("/v1/runtime/sync", TestHubs.ALPHA, body).status()).isEqualTo(200);
    assertThat(http.postJson("/v1/runtime/sync", TestHubs.ALPHA, body).status()).isEqualTo(200);

    Scrape after = scrape();
    assertThat(after.value("kxm_sync_events_total{outcome=\"accepted\"}")).isEqualTo(2);
    assertThat(after.value("kxm_sync_events_total{outcome=\"duplicate\"}")).isEqualTo(2);
    assertThat(after.value("kxm_sync_events_total{outcome=\"refused\"}")).isEqualTo(2);
    assertThat(after.value("kxm_sync_events_refused_total{code=\"project_forbidden\"}"))
        .isEqualTo(2);
  }

  @Test
  void a_webhook_for_an_unknown_workflow_is_a_rejection_by_its_code_and_runs_show_by_state() {
    Http.Response refused =
        http.send(
            http.request("/v1/webhooks/nosuch", "Content-Type", "application/json")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")));
    assertThat(refused.status()).isGreaterThanOrEqualTo(400);

    Scrape after = scrape();
    assertThat(after.value("kxm_webhook_rejected_total{reason=\"" + refused.errorCode() + "\"}"))
        .isEqualTo(1);
    assertThat(after.value("kxm_webhook_starts_total{outcome=\"started\"}")).isZero();
    assertThat(after.value("kxm_workflow_runs{state=\"running\"}")).isZero();
    assertThat(after.value("kxm_signature_replays_refused_total{source=\"webhook\"}")).isZero();
  }

  @Test
  void an_open_agent_stream_is_counted_while_it_is_open() throws Exception {
    AgentClient alice = agent("alice");
    assertThat(scrape().value("kxm_streams_open{stream=\"agent\"}")).isZero();

    try (var stream = alice.events("")) {
      org.awaitility.Awaitility.await()
          .untilAsserted(
              () -> assertThat(scrape().value("kxm_streams_open{stream=\"agent\"}")).isEqualTo(1));
      assertThat(scrape().value("kxm_streams_queued{stream=\"agent\"}")).isZero();
      assertThat(scrape().value("kxm_streams_cut_total{stream=\"agent\"}")).isZero();
    }
    org.awaitility.Awaitility.await()
        .untilAsserted(
            () -> assertThat(scrape().value("kxm_streams_open{stream=\"agent\"}")).isZero());
  }

  @Test
  void every_hub_metric_the_shipped_dashboard_and_alerts_query_is_in_a_real_scrape() {
    AgentClient alice = agent("alice");
    alice.send("nobody", "hello?"); // refusals, webhooks and sync refusals appear once they occur
    http.send(
        http.request("/v1/webhooks/nosuch", "Content-Type", "application/json")
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{}")));
    http.postJson(
        "/v1/runtime/sync",
        TestHubs.ALPHA,
        "{\"runtimeId\":\"rt-d\",\"events\":[" + event("beta", 1, "created") + "]}");

    java.util.Set<String> scraped = scrape().names();
    java.util.Set<String> queried = MetricDocs.queried(Path.of(".."));
    assertThat(queried).contains("kxm_messages_total", "kxm_agents", "kxm_streams_cut_total");
    queried.removeIf(name -> name.startsWith("kxm_session_") || name.startsWith("kxm_runtime_"));
    assertThat(scraped).containsAll(queried);
  }

  private static String event(String project, long sequence, String status) {
    return "{\"project\":\""
        + project
        + "\",\"runId\":\"r1\",\"sequence\":"
        + sequence
        + ",\"type\":\""
        + (sequence == 1 ? "run.created" : "run.status_changed")
        + "\",\"at\":\"2030-01-01T00:00:0"
        + sequence
        + "Z\",\"data\":{\"status\":\""
        + status
        + "\""
        + (sequence == 1 ? ",\"workflowId\":\"ship\"" : "")
        + "}}";
  }
}

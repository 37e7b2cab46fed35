package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Targets, limits, idempotency and the hop limit of a send. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SendRulesTest {
  @TempDir static Path dir;
  MessagingHub hub;
  AgentClient alice;
  AgentClient bob;
  int round;

  @BeforeAll
  void start() {
    hub = MessagingHub.start(dir, MessagingHub.FAST.withMaxHops(3));
  }

  @AfterAll
  void stop() {
    hub.close();
  }

  @BeforeEach
  void agents() {
    round++;
    alice = hub.agent("alice-" + round);
    bob = hub.agent("bob-" + round);
  }

  private Http.Response send(Object... pairs) {
    Map<String, Object> body = new HashMap<>();
    body.put("target", bob.name);
    body.put("content", "q");
    for (int i = 0; i < pairs.length; i += 2) {
      body.put((String) pairs[i], pairs[i + 1]);
    }
    return alice.send(body);
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  @Test
  void a_target_is_found_by_name_ignoring_case_or_by_id() {
    assertThat(send("target", bob.name.toUpperCase()).status()).isEqualTo(201);
    Http.Response byId = send("target", bob.id);
    assertThat(byId.status()).isEqualTo(201);
    assertThat(byId.json().path("target").asString()).isEqualTo(bob.name);
  }

  @Test
  void an_unknown_target_or_one_of_another_project_is_target_not_found() {
    refused(send("target", "nobody"), 404, "target_not_found");
    AgentClient eve = hub.agent("beta", TestHubs.BETA, "eve-" + round);
    refused(send("target", eve.id), 404, "target_not_found");
    refused(send("target", eve.name), 404, "target_not_found");
  }

  @Test
  void sending_to_yourself_is_self_target() {
    refused(send("target", alice.name), 400, "self_target");
  }

  @Test
  void an_offline_target_is_not_found_unless_offline_delivery_is_allowed() {
    bob.delete("");
    refused(send(), 404, "target_not_found");
    Http.Response queued = send("allowOffline", true);
    assertThat(queued.status()).isEqualTo(201);
    assertThat(queued.json().path("status").asString()).isEqualTo("queued");
  }

  @Test
  void a_stale_target_still_receives_requests() {
    hub.clock.tick(Duration.ofSeconds(61));
    assertThat(send().status()).isEqualTo(201);
  }

  @Test
  void content_is_limited_to_32000_characters_and_required() {
    assertThat(send("content", "c".repeat(32_000)).status()).isEqualTo(201);
    refused(send("content", "c".repeat(32_001)), 400, "value_too_long");
    refused(send("content", ""), 400, "invalid_request");
    refused(alice.post("/messages", "{\"target\":\"" + bob.name + "\"}"), 400, "invalid_request");
  }

  @Test
  void ttl_is_between_one_second_and_seven_days_and_defaults_to_a_day() {
    refused(send("ttlMs", 999), 400, "value_out_of_range");
    refused(send("ttlMs", 604_800_001L), 400, "value_out_of_range");
    String shortest = send("ttlMs", 1_000).json().path("messageId").asString();
    String longest = send("ttlMs", 604_800_000L).json().path("messageId").asString();
    String fallback = send().json().path("messageId").asString();

    assertThat(ttlOf(shortest)).isEqualTo(Duration.ofSeconds(1));
    assertThat(ttlOf(longest)).isEqualTo(Duration.ofDays(7));
    assertThat(ttlOf(fallback)).isEqualTo(Duration.ofDays(1));
  }

  private Duration ttlOf(String messageId) {
    var message = alice.message(messageId).json();
    return Duration.between(
        Instant.parse(message.path("createdAt").asString()),
        Instant.parse(message.path("expiresAt").asString()));
  }

  @Test
  void target_correlation_id_and_idempotency_key_have_their_limits() {
    refused(send("target", "t".repeat(81)), 400, "value_too_long");
    assertThat(send("correlationId", "c".repeat(128)).status()).isEqualTo(201);
    refused(send("correlationId", "c".repeat(129)), 400, "value_too_long");
    assertThat(send("idempotencyKey", "k".repeat(128)).status()).isEqualTo(201);
    refused(send("idempotencyKey", "k".repeat(129)), 400, "value_too_long");
  }

  @Test
  void delivery_mode_and_correlation_id_are_kept() {
    String id =
        send("delivery", "steer", "correlationId", "review-42").json().path("messageId").asString();
    var message = bob.message(id).json();
    assertThat(message.path("delivery").asString()).isEqualTo("steer");
    assertThat(message.path("correlationId").asString()).isEqualTo("review-42");
    assertThat(send("delivery", "nextTurn").status()).isEqualTo(201);
    refused(send("delivery", "whenever"), 400, "invalid_request");
  }

  @Test
  void an_exact_retry_with_the_same_idempotency_key_returns_the_original_request() {
    Http.Response first = send("idempotencyKey", "k1", "content", "same");
    bob.ack(first.json().path("messageId").asString());
    bob.delete("");

    Http.Response retry = send("idempotencyKey", "k1", "content", "same", "target", bob.id);

    assertThat(retry.status()).isEqualTo(201);
    assertThat(retry.json().path("messageId").asString())
        .isEqualTo(first.json().path("messageId").asString());
    assertThat(retry.json().path("status").asString()).isEqualTo("delivered");
    assertThat(bob.inbox().json().path("messages")).hasSize(1);
  }

  @Test
  void the_same_idempotency_key_for_a_different_request_is_a_conflict() {
    send("idempotencyKey", "k2", "content", "one");
    refused(send("idempotencyKey", "k2", "content", "two"), 409, "idempotency_conflict");
    AgentClient carol = hub.agent("carol-" + round);
    refused(
        send("idempotencyKey", "k2", "content", "one", "target", carol.name),
        409,
        "idempotency_conflict");
    assertThat(carol.send(bob.name, "one").status()).as("keys are per sender").isEqualTo(201);
  }

  @Test
  void forwarding_past_the_hop_limit_is_refused() {
    AgentClient[] chain = new AgentClient[6];
    for (int i = 0; i < chain.length; i++) {
      chain[i] = hub.agent("hop" + i + "-" + round);
    }
    // chain[0] starts at hop 0; each agent acknowledges and forwards one hop further.
    String inbound = chain[0].sendOk(chain[1].name, "start");
    for (int i = 1; i <= 3; i++) {
      chain[i].ack(inbound);
      inbound = chain[i].sendOk(chain[i + 1].name, "forwarded " + i);
    }
    chain[4].ack(inbound);

    Http.Response tooDeep = chain[4].send(chain[5].name, "forwarded 4");

    refused(tooDeep, 409, "hop_limit_exceeded");
    assertThat(tooDeep.json().path("error").path("message").asString()).contains("hop 4");
    chain[4].reply(inbound, "answered instead");
    assertThat(chain[4].send(chain[5].name, "a new chain").status()).isEqualTo(201);
  }

  @Test
  void forwarding_without_ever_acknowledging_is_stopped_at_the_hop_limit() {
    AgentClient[] chain = new AgentClient[6];
    for (int i = 0; i < chain.length; i++) {
      chain[i] = hub.agent("unacked" + i + "-" + round);
    }
    // Each agent forwards straight from its inbox, leaving what it holds queued.
    String inbound = chain[0].sendOk(chain[1].name, "start");
    for (int i = 1; i <= 3; i++) {
      inbound = chain[i].sendOk(chain[i + 1].name, "forwarded " + i);
      assertThat(chain[i + 1].message(inbound).json().path("status").asString())
          .isEqualTo("queued");
    }

    Http.Response tooDeep = chain[4].send(chain[5].name, "forwarded 4");

    refused(tooDeep, 409, "hop_limit_exceeded");
    assertThat(tooDeep.json().path("error").path("message").asString()).contains("hop 4");
    assertThat(chain[5].inbox().json().path("messages")).isEmpty();
  }

  @Test
  void the_deepest_open_request_an_agent_holds_sets_its_next_hop_whatever_its_state() {
    AgentClient[] chain = new AgentClient[5];
    for (int i = 0; i < chain.length; i++) {
      chain[i] = hub.agent("held" + i + "-" + round);
    }
    String inbound = chain[0].sendOk(chain[1].name, "hop 0");
    for (int i = 1; i <= 3; i++) {
      inbound = chain[i].sendOk(chain[i + 1].name, "hop " + i);
    }
    // The last agent holds hop 3 and a newer request at hop 0.
    alice.sendOk(chain[4].name, "unrelated");

    refused(chain[4].send(bob.name, "would be hop 4"), 409, "hop_limit_exceeded");
    chain[4].ack(inbound);
    refused(chain[4].send(bob.name, "would be hop 4"), 409, "hop_limit_exceeded");
    chain[4].reply(inbound, "answered");
    assertThat(chain[4].send(bob.name, "hop 1, past alice's request").status()).isEqualTo(201);
  }
}

package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.messaging.SendRate;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The per-agent courtesy rate limit on sends, over HTTP, on a settable clock. */
class SendRateLimitTest {
  @TempDir Path dir;
  MessagingHub hub;

  private MessagingHub start(SendRate rate) {
    hub = MessagingHub.start(dir, MessagingHub.FAST.withSendRate(rate));
    return hub;
  }

  @AfterEach
  void stop() {
    if (hub != null) {
      hub.close();
    }
  }

  private static void limited(Http.Response response, String retryAfter) {
    assertThat(response.status()).as(response.body()).isEqualTo(429);
    assertThat(response.errorCode()).isEqualTo("rate_limited");
    assertThat(response.header("Retry-After")).isEqualTo(retryAfter);
    assertThat(response.json().path("error").path("hint").asString()).contains("Retry-After");
  }

  private static int inboxSize(AgentClient agent) {
    return agent.inbox().json().path("messages").size();
  }

  @Test
  void a_send_past_the_burst_is_rate_limited_with_retry_after_and_stores_nothing() {
    start(new SendRate(60, 3));
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    for (int i = 0; i < 3; i++) {
      alice.sendOk(bob.name, "within the burst " + i);
    }

    Http.Response refused = alice.send(bob.name, "one too many");

    limited(refused, "1");
    assertThat(refused.json().path("error").path("message").asString())
        .contains("alice", alice.id, "burst of 3", "60 per minute", "retry in 1 s");
    assertThat(inboxSize(bob)).isEqualTo(3);
    hub.clock.tick(Duration.ofSeconds(1));
    alice.sendOk(bob.name, "one token came back");
    limited(alice.send(bob.name, "and is spent again"), "1");
    assertThat(inboxSize(bob)).isEqualTo(4);
  }

  @Test
  void retry_after_is_the_wait_for_the_next_token_rounded_up_to_whole_seconds() {
    start(new SendRate(7, 1)); // one token every 8.57 s
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    alice.sendOk(bob.name, "the only token");

    limited(alice.send(bob.name, "too soon"), "9");
    hub.clock.tick(Duration.ofSeconds(8));
    limited(alice.send(bob.name, "still too soon"), "1");
    hub.clock.tick(Duration.ofMillis(572));
    alice.sendOk(bob.name, "in time");
  }

  @Test
  void each_agent_has_its_own_bucket() {
    start(new SendRate(1, 1));
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    AgentClient carol = hub.agent("carol");
    alice.sendOk(bob.name, "alice's token");
    limited(alice.send(carol.name, "alice again"), "60");

    carol.sendOk(bob.name, "carol's own token");
    bob.sendOk(alice.name, "and bob's");
  }

  @Test
  void a_send_refused_for_another_reason_or_answered_as_a_retry_takes_no_token() {
    start(new SendRate(1, 1));
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    assertThat(alice.send(alice.name, "to myself").errorCode()).isEqualTo("self_target");
    assertThat(alice.send("nobody", "to no one").errorCode()).isEqualTo("target_not_found");
    Map<String, Object> keyed = Map.of("target", bob.name, "content", "q", "idempotencyKey", "k");
    Http.Response first = alice.send(keyed);
    assertThat(first.status()).as(first.body()).isEqualTo(201);

    Http.Response retry = alice.send(keyed);

    assertThat(retry.status()).as(retry.body()).isEqualTo(201);
    assertThat(retry.json().path("messageId").asString())
        .isEqualTo(first.json().path("messageId").asString());
    limited(alice.send(bob.name, "a new request"), "60");
  }

  @Test
  void fanout_spends_one_token_per_target_and_reports_the_rest_as_rate_limited() {
    start(new SendRate(1, 2));
    AgentClient alice = hub.agent("alice");
    List<AgentClient> peers = List.of(hub.agent("p1"), hub.agent("p2"), hub.agent("p3"));

    Http.Response fanout =
        alice.post("/fanout", "{\"targets\":[\"p1\",\"p2\",\"p3\"],\"content\":\"review\"}");

    assertThat(fanout.status()).as(fanout.body()).isEqualTo(200);
    var responses = fanout.json().path("responses");
    assertThat(responses.get(0).path("status").asString()).isEqualTo("queued");
    assertThat(responses.get(1).path("status").asString()).isEqualTo("queued");
    assertThat(responses.get(2).path("status").asString()).isEqualTo("error");
    assertThat(responses.get(2).path("error").asString()).startsWith("rate_limited: ");
    assertThat(inboxSize(peers.get(2))).isZero();
  }

  @Test
  void a_rate_of_zero_turns_the_limit_off() {
    start(SendRate.off());
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    for (int i = 0; i < 100; i++) {
      alice.sendOk(bob.name, "unlimited " + i);
    }
    assertThat(inboxSize(bob)).isEqualTo(100);
  }
}

package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Fanout over HTTP (send only) and the await long-poll. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class FanoutAndAwaitTest {
  @TempDir static Path dir;
  MessagingHub hub;
  AgentClient alice;
  AgentClient bob;
  AgentClient carol;
  int round;

  @BeforeAll
  void start() {
    hub = MessagingHub.start(dir);
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
    carol = hub.agent("carol-" + round);
  }

  private Http.Response fanout(Map<String, ?> body) {
    return alice.post("/fanout", Json.write(body));
  }

  @Test
  void fanout_sends_to_each_target_and_one_failure_does_not_fail_the_others() {
    Http.Response response =
        fanout(Map.of("targets", List.of(bob.name, "nobody", alice.name), "content", "q"));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode responses = response.json().path("responses");
    assertThat(responses).hasSize(3);
    assertThat(responses.get(0).path("status").asString()).isEqualTo("queued");
    assertThat(responses.get(1).path("status").asString()).isEqualTo("error");
    assertThat(responses.get(1).path("error").asString()).startsWith("target_not_found: ");
    assertThat(responses.get(2).path("error").asString()).startsWith("self_target: ");
    assertThat(bob.inbox().json().path("messages")).hasSize(1);
    JsonNode byId =
        fanout(Map.of("targets", List.of(carol.id), "content", "q")).json().path("responses");
    assertThat(byId.get(0).path("target").asString()).isEqualTo(carol.id);
    assertThat(carol.inbox().json().path("messages").get(0).path("delivery").asString())
        .isEqualTo("followUp");
  }

  @Test
  void duplicate_targets_are_merged_and_more_than_three_distinct_are_refused() {
    JsonNode merged =
        fanout(Map.of("targets", List.of(bob.name, bob.name.toUpperCase()), "content", "q"))
            .json()
            .path("responses");
    assertThat(merged).hasSize(1);

    AgentClient dave = hub.agent("dave-" + round);
    Http.Response tooMany =
        fanout(Map.of("targets", List.of(bob.name, carol.name, dave.name, "e"), "content", "q"));
    assertThat(tooMany.status()).isEqualTo(400);
    assertThat(tooMany.errorCode()).isEqualTo("value_out_of_range");
    assertThat(fanout(Map.of("targets", List.of(), "content", "q")).errorCode())
        .isEqualTo("invalid_request");
  }

  @Test
  void a_fanout_retried_with_the_same_key_prefix_returns_the_same_requests() {
    Map<String, Object> body =
        Map.of(
            "targets", List.of(bob.name, carol.name), "content", "q", "idempotencyKeyPrefix", "r1");
    JsonNode first = fanout(body).json().path("responses");
    JsonNode again = fanout(body).json().path("responses");

    assertThat(again.get(0).path("messageId")).isEqualTo(first.get(0).path("messageId"));
    assertThat(again.get(1).path("messageId")).isEqualTo(first.get(1).path("messageId"));
    assertThat(first.get(0).path("messageId")).isNotEqualTo(first.get(1).path("messageId"));
  }

  @Test
  void await_returns_as_soon_as_the_reply_lands() {
    String id = alice.sendOk(bob.name, "q");
    CompletableFuture<Http.Response> waiting =
        CompletableFuture.supplyAsync(() -> alice.await(id, 60_000));

    bob.reply(id, "answer");

    JsonNode message = waiting.join().json();
    assertThat(message.path("status").asString()).isEqualTo("replied");
    assertThat(message.path("reply").asString()).isEqualTo("answer");
  }

  @Test
  void await_returns_a_cancelled_request_at_once() {
    String id = alice.sendOk(bob.name, "q");
    alice.cancel(id);
    assertThat(alice.await(id, 60_000).json().path("status").asString()).isEqualTo("cancelled");
  }

  @Test
  void await_returns_the_open_request_when_the_wait_ends() {
    String id = alice.sendOk(bob.name, "q");
    Http.Response response = alice.await(id, 100);
    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("status").asString()).isEqualTo("queued");
  }

  @Test
  void await_accepts_100_to_60000_ms_and_only_for_the_sender() {
    String id = alice.sendOk(bob.name, "q");
    assertThat(alice.await(id, 99).errorCode()).isEqualTo("value_out_of_range");
    assertThat(alice.get("/messages/" + id + "/await?timeoutMs=soon").errorCode())
        .isEqualTo("invalid_request");
    assertThat(bob.await(id, 100).errorCode()).isEqualTo("message_forbidden");
    assertThat(carol.await(id, 100).errorCode()).isEqualTo("message_forbidden");
    assertThat(alice.await("msg_nope", 100).errorCode()).isEqualTo("message_not_found");
  }
}

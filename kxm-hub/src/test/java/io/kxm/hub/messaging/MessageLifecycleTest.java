package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Every transition of the message state machine, and every refusal, over real HTTP. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MessageLifecycleTest {
  @TempDir static Path dir;
  MessagingHub hub;
  AgentClient alice;
  AgentClient bob;
  int round;

  @BeforeAll
  void start() {
    hub = MessagingHub.start(dir);
  }

  @AfterAll
  void stop() {
    hub.close();
  }

  /** Fresh agents per test, so inboxes do not mix. */
  @BeforeEach
  void agents() {
    round++;
    alice = hub.agent("alice-" + round);
    bob = hub.agent("bob-" + round);
  }

  private static String status(Http.Response response) {
    return response.json().path("status").asString();
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  @Test
  void a_sent_request_is_queued_and_reads_back_with_both_names() {
    Http.Response sent = alice.send(bob.name, "review the diff");
    assertThat(sent.status()).isEqualTo(201);
    assertThat(status(sent)).isEqualTo("queued");
    assertThat(sent.json().path("target").asString()).isEqualTo(bob.name);

    JsonNode message = bob.message(sent.json().path("messageId").asString()).json();
    assertThat(message.path("from").asString()).isEqualTo(alice.id);
    assertThat(message.path("fromName").asString()).isEqualTo(alice.name);
    assertThat(message.path("to").asString()).isEqualTo(bob.id);
    assertThat(message.path("toName").asString()).isEqualTo(bob.name);
    assertThat(message.path("content").asString()).isEqualTo("review the diff");
    assertThat(message.path("delivery").asString()).isEqualTo("followUp");
    assertThat(message.path("createdAt").asString()).isEqualTo("2030-01-01T00:00:00Z");
    assertThat(message.path("expiresAt").asString()).isEqualTo("2030-01-02T00:00:00Z");
    assertThat(message.has("reply")).isFalse();
  }

  @Test
  void the_recipient_acknowledges_then_replies() {
    String id = alice.sendOk(bob.name, "q");

    Http.Response acked = bob.ack(id);
    assertThat(status(acked)).isEqualTo("delivered");
    assertThat(acked.json().has("deliveredAt")).isTrue();
    assertThat(status(bob.ack(id))).as("a second ack changes nothing").isEqualTo("delivered");

    Http.Response replied = bob.reply(id, "looks good");
    assertThat(replied.status()).isEqualTo(200);
    assertThat(replied.json().path("messageId").asString()).isEqualTo(id);
    assertThat(status(replied)).isEqualTo("replied");
    assertThat(replied.json().path("recipient").asString()).isEqualTo(alice.name);
    JsonNode message = alice.message(id).json();
    assertThat(message.path("reply").asString()).isEqualTo("looks good");
    assertThat(message.has("repliedAt")).isTrue();
  }

  @Test
  void the_recipient_may_reply_straight_from_queued() {
    String id = alice.sendOk(bob.name, "q");
    assertThat(status(bob.reply(id, "done"))).isEqualTo("replied");
    assertThat(status(alice.message(id))).isEqualTo("replied");
  }

  @Test
  void a_second_reply_is_duplicate_reply_and_ack_after_reply_is_invalid_state() {
    String id = alice.sendOk(bob.name, "q");
    bob.reply(id, "first");

    refused(bob.reply(id, "second"), 409, "duplicate_reply");
    refused(bob.ack(id), 409, "invalid_message_state");
    assertThat(alice.message(id).json().path("reply").asString()).isEqualTo("first");
  }

  @Test
  void the_sender_cancels_queued_and_delivered_requests_and_cancelling_again_changes_nothing() {
    String queued = alice.sendOk(bob.name, "q1");
    String delivered = alice.sendOk(bob.name, "q2");
    bob.ack(delivered);

    Http.Response first = alice.cancel(queued);
    assertThat(status(first)).isEqualTo("cancelled");
    assertThat(first.json().path("error").asString()).isEqualTo("cancelled by the sender");
    assertThat(status(alice.cancel(delivered))).isEqualTo("cancelled");
    Http.Response again = alice.cancel(queued);
    assertThat(again.status()).isEqualTo(200);
    assertThat(again.body()).isEqualTo(first.body());
  }

  @Test
  void replied_and_expired_requests_cannot_be_cancelled() {
    String replied = alice.sendOk(bob.name, "q");
    bob.reply(replied, "done");
    refused(alice.cancel(replied), 409, "invalid_message_state");

    String expiring = send(Map.of("target", bob.name, "content", "q", "ttlMs", 1_000));
    hub.clock.tick(Duration.ofSeconds(1));
    await().until(() -> status(alice.message(expiring)).equals("expired"));
    refused(alice.cancel(expiring), 409, "invalid_message_state");
  }

  @Test
  void cancelled_and_expired_requests_cannot_be_replied_to_or_acknowledged() {
    String cancelled = alice.sendOk(bob.name, "q");
    alice.cancel(cancelled);
    refused(bob.reply(cancelled, "late"), 409, "invalid_message_state");
    refused(bob.ack(cancelled), 409, "invalid_message_state");
  }

  @Test
  void the_sweeper_expires_open_requests_once_their_ttl_passed() {
    String queued = send(Map.of("target", bob.name, "content", "q", "ttlMs", 5_000));
    String delivered = send(Map.of("target", bob.name, "content", "q", "ttlMs", 5_000));
    bob.ack(delivered);
    hub.clock.tick(Duration.ofMillis(4_999));
    assertThat(status(alice.message(queued))).isEqualTo("queued");

    hub.clock.tick(Duration.ofMillis(1));

    await().until(() -> status(alice.message(queued)).equals("expired"));
    await().until(() -> status(alice.message(delivered)).equals("expired"));
    assertThat(alice.message(queued).json().path("error").asString())
        .isEqualTo("expired before a reply");
    assertThat(bob.inbox().json().path("messages")).isEmpty();
  }

  @Test
  void a_reply_after_the_ttl_is_refused_even_before_the_sweeper_ran() {
    hub.messaging.close(); // stop housekeeping, so only the reply can notice the TTL
    try {
      String id = send(Map.of("target", bob.name, "content", "q", "ttlMs", 1_000));
      hub.clock.tick(Duration.ofSeconds(2));
      refused(bob.reply(id, "too late"), 409, "invalid_message_state");
      assertThat(status(alice.message(id))).isEqualTo("expired");
    } finally {
      hub.close();
      hub = MessagingHub.start(dir.resolve("again"));
    }
  }

  @Test
  void only_the_recipient_acknowledges_or_replies_and_only_the_sender_cancels() {
    String id = alice.sendOk(bob.name, "q");
    AgentClient carol = hub.agent("carol-" + round);

    refused(alice.ack(id), 403, "message_forbidden");
    refused(alice.reply(id, "self-answer"), 403, "message_forbidden");
    refused(bob.cancel(id), 403, "message_forbidden");
    refused(carol.message(id), 403, "message_forbidden");
    refused(carol.ack(id), 403, "message_forbidden");
  }

  @Test
  void unknown_messages_and_messages_of_other_projects_are_not_found() {
    String id = alice.sendOk(bob.name, "q");
    AgentClient eve = hub.agent("beta", TestHubs.BETA, "eve-" + round);

    refused(bob.message("msg_unknown"), 404, "message_not_found");
    refused(eve.message(id), 404, "message_not_found");
    refused(eve.cancel(id), 404, "message_not_found");
  }

  @Test
  void the_inbox_lists_open_requests_to_the_caller_oldest_first() {
    String first = alice.sendOk(bob.name, "one");
    hub.clock.tick(Duration.ofMillis(1));
    String second = alice.sendOk(bob.name, "two");
    hub.clock.tick(Duration.ofMillis(1));
    String answered = alice.sendOk(bob.name, "three");
    bob.ack(second);
    bob.reply(answered, "done");

    JsonNode messages = bob.inbox().json().path("messages");
    assertThat(messages).hasSize(2);
    assertThat(messages.get(0).path("id").asString()).isEqualTo(first);
    assertThat(messages.get(1).path("id").asString()).isEqualTo(second);
    assertThat(messages.get(1).path("status").asString()).isEqualTo("delivered");
    assertThat(alice.inbox().json().path("messages")).isEmpty();
  }

  @Test
  void a_reply_is_limited_to_32000_characters() {
    String id = alice.sendOk(bob.name, "q");
    refused(bob.reply(id, "r".repeat(32_001)), 400, "value_too_long");
    refused(bob.post("/messages/" + id + "/reply", "{}"), 400, "invalid_request");
    assertThat(status(bob.reply(id, "r".repeat(32_000)))).isEqualTo("replied");
  }

  private String send(Map<String, ?> body) {
    Http.Response response = alice.send(body);
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    return response.json().path("messageId").asString();
  }
}

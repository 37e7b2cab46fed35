package io.kxm.cli.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.client.AgentEvent;
import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** Which events become MCP pushes and how often; a push never acknowledges a request. */
class InboundPushesTest {
  static final Instant REGISTERED = Instant.parse("2026-03-01T10:00:00Z");

  final List<String> pushed = new CopyOnWriteArrayList<>();
  final AtomicBoolean clientReady = new AtomicBoolean(true);

  InboundPushes pushes(List<PeerMessage> inbox) {
    return new InboundPushes(
        message -> clientReady.get() && pushed.add(message.id()), () -> inbox, REGISTERED);
  }

  static PeerMessage request(String id, MessageStatus status) {
    return new PeerMessage(
        id,
        "agt_b",
        "bob",
        "agt_a",
        "alice",
        "q",
        Delivery.FOLLOW_UP,
        status,
        REGISTERED,
        REGISTERED.plusSeconds(60),
        null,
        null,
        null,
        null,
        null,
        null);
  }

  static AgentEvent queued(long seq, Instant ts, String id) {
    ObjectNode data = Json.object();
    data.set("message", Json.MAPPER.valueToTree(request(id, MessageStatus.QUEUED)));
    return new AgentEvent(seq, AgentEvent.MESSAGE_QUEUED, ts, data);
  }

  @Test
  void a_new_request_is_pushed_once() {
    try (InboundPushes pushes = pushes(List.of())) {
      pushes.onEvent(queued(5, REGISTERED.plusSeconds(1), "m1"));
      pushes.onEvent(queued(6, REGISTERED.plusSeconds(2), "m1"));

      assertThat(pushed).containsExactly("m1");
    }
  }

  @Test
  void the_repush_at_registration_is_pushed_because_it_is_not_older_than_the_registration() {
    try (InboundPushes pushes = pushes(List.of())) {
      pushes.onEvent(queued(7, REGISTERED, "left-unread"));

      assertThat(pushed).containsExactly("left-unread");
    }
  }

  @Test
  void events_from_before_this_registration_are_history_and_other_types_are_not_pushed() {
    try (InboundPushes pushes = pushes(List.of())) {
      pushes.onEvent(queued(1, REGISTERED.minusSeconds(30), "old"));
      pushes.onEvent(
          new AgentEvent(2, "message.replied", REGISTERED.plusSeconds(1), Json.object()));

      assertThat(pushed).isEmpty();
    }
  }

  @Test
  void a_push_the_client_cannot_take_yet_is_retried_until_it_lands() {
    clientReady.set(false);
    try (InboundPushes pushes = pushes(List.of())) {
      pushes.onEvent(queued(3, REGISTERED, "early"));
      assertThat(pushed).isEmpty();

      clientReady.set(true);

      await().atMost(Duration.ofSeconds(10)).until(() -> pushed.contains("early"));
      assertThat(pushed).containsExactly("early");
    }
  }

  @Test
  void an_expired_cursor_pushes_the_queued_requests_of_the_inbox() {
    try (InboundPushes pushes =
        pushes(
            List.of(request("q1", MessageStatus.QUEUED), request("d1", MessageStatus.DELIVERED)))) {
      pushes.onCursorExpired(40);

      assertThat(pushed).containsExactly("q1");
    }
  }
}

package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.FanoutResponse;
import io.kxm.core.peer.FanoutResult;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.WaitStatus;
import io.kxm.testkit.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FanoutWaiterTest {
  static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");
  final SettableClock clock = new SettableClock(T0);
  final List<String> calls = new ArrayList<>();

  /** Scripted reads: each await takes its whole slice unless the message is in {@code done}. */
  FanoutWaiter waiter(Map<String, PeerMessage> done) {
    return new FanoutWaiter(
        clock,
        new FanoutWaiter.Reads() {
          @Override
          public PeerMessage await(String id, Duration wait) {
            calls.add("await " + id + " " + wait.toMillis());
            if (done.containsKey(id)) {
              return done.get(id);
            }
            clock.tick(wait);
            return message(id, MessageStatus.DELIVERED, null);
          }

          @Override
          public PeerMessage get(String id) {
            calls.add("get " + id);
            return done.getOrDefault(id, message(id, MessageStatus.QUEUED, null));
          }
        });
  }

  static PeerMessage message(String id, MessageStatus status, String reply) {
    return new PeerMessage(
        id,
        "agt_a",
        "alice",
        "agt_b",
        "bob",
        "q",
        Delivery.FOLLOW_UP,
        status,
        T0,
        T0.plusSeconds(86_400),
        reply,
        null,
        null,
        null,
        null,
        null);
  }

  static tools.jackson.databind.JsonNode sent(String json) {
    return Json.read(json);
  }

  @Test
  void finished_pending_and_failed_targets_are_reported_side_by_side() {
    FanoutResult result =
        waiter(Map.of("m1", message("m1", MessageStatus.REPLIED, "looks good")))
            .collect(
                sent(
                    "[{\"target\":\"bob\",\"messageId\":\"m1\",\"status\":\"queued\"},"
                        + "{\"target\":\"carol\",\"messageId\":\"m2\",\"status\":\"queued\"},"
                        + "{\"target\":\"nobody\",\"status\":\"error\",\"error\":\"target_not_found: no nobody\"}]"),
                Duration.ofSeconds(5));

    assertThat(result.responses())
        .containsExactly(
            new FanoutResponse.Finished("bob", "m1", MessageStatus.REPLIED, "looks good", null),
            new FanoutResponse.Pending(
                "carol",
                "m2",
                MessageStatus.DELIVERED,
                T0.plusSeconds(86_400),
                WaitStatus.TIMED_OUT),
            new FanoutResponse.Failed("nobody", "target_not_found: no nobody"));
  }

  @Test
  void one_deadline_is_shared_and_long_waits_go_in_slices_of_at_most_sixty_seconds() {
    waiter(Map.of())
        .collect(
            sent(
                "[{\"target\":\"bob\",\"messageId\":\"m1\",\"status\":\"queued\"},"
                    + "{\"target\":\"carol\",\"messageId\":\"m2\",\"status\":\"queued\"}]"),
            Duration.ofSeconds(90));

    assertThat(calls).containsExactly("await m1 60000", "await m1 30000", "get m2");
  }
}

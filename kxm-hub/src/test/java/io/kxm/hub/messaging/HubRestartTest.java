package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.SseStream.Frame;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A hub stopped and started again on the same store loses nothing it acknowledged. */
class HubRestartTest {
  @TempDir Path dir;

  @Test
  void queued_requests_survive_a_restart_and_reach_the_recipient_on_the_new_hub() {
    SettableClock clock = new SettableClock(MessagingHub.T0);
    String first;
    String acked;
    String third;
    AgentClient alice;
    try (MessagingHub before = MessagingHub.start(dir, MessagingHub.FAST, clock)) {
      alice = before.agent("alice");
      AgentClient bob = before.agent("bob");
      first = alice.sendOk(bob.name, "one");
      acked = alice.sendOk(bob.name, "two");
      clock.tick(Duration.ofMillis(1));
      third = alice.sendOk(bob.name, "three");
      bob.ack(acked);
    }

    try (MessagingHub after = MessagingHub.start(dir, MessagingHub.FAST, clock)) {
      AgentClient bob = after.agent("bob");
      try (SseStream stream = bob.events()) {
        List<Frame> frames = stream.next(5);
        assertThat(frames).extracting(Frame::seq).containsExactly(1L, 2L, 3L, 4L, 5L);
        assertThat(frames.subList(3, 5))
            .extracting(f -> f.message().path("id").asString())
            .containsExactly(first, third);
      }
      assertThat(bob.inbox().json().path("messages")).hasSize(3);

      // The sender's key was stored, not kept in memory: it still works on the new hub.
      AgentClient aliceAgain = new AgentClient(after.http, alice);
      bob.reply(third, "answered after the restart");
      Http.Response awaited = aliceAgain.await(third, 10_000);
      assertThat(awaited.json().path("reply").asString()).isEqualTo("answered after the restart");
      assertThat(aliceAgain.message(acked).json().path("status").asString()).isEqualTo("delivered");
    }
  }
}

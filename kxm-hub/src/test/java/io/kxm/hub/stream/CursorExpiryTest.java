package io.kxm.hub.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.SseStream.Frame;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a client learns when it resumes from a point the retention window no longer covers. */
class CursorExpiryTest {
  @TempDir Path dir;
  MessagingHub hub;
  AgentClient alice;
  AgentClient bob;

  @BeforeEach
  void start() {
    hub = MessagingHub.start(dir, MessagingHub.FAST.withRetention(Duration.ofHours(1)));
    alice = hub.agent("alice");
    bob = hub.agent("bob");
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void a_cursor_older_than_the_retained_events_starts_with_cursor_expired_then_continues() {
    String old = alice.sendOk(bob.name, "old");
    bob.reply(old, "done");
    alice.sendOk(bob.name, "also old");
    hub.clock.tick(Duration.ofHours(2));
    bob.heartbeat();
    String fresh = alice.sendOk(bob.name, "fresh");
    await().until(() -> hub.store.agentEvents().oldestRetainedSeq(bob.id).orElse(0) == 3);

    try (SseStream stream = bob.events("", "Last-Event-ID", "1")) {
      Frame expired = stream.next();
      assertThat(expired.event()).isEqualTo("cursor_expired");
      assertThat(expired.id()).isNull();
      assertThat(expired.json().path("firstRetainedSeq").asLong()).isEqualTo(3);
      Frame next = stream.next();
      assertThat(next.seq()).isEqualTo(3);
      assertThat(next.message().path("id").asString()).isEqualTo(fresh);
    }
    await()
        .untilAsserted(
            () -> assertThat(alice.message(old).errorCode()).isEqualTo("message_not_found"));
  }

  @Test
  void a_cursor_before_a_fully_trimmed_stream_is_still_told_it_expired() {
    alice.sendOk(bob.name, "one");
    alice.sendOk(bob.name, "two");
    hub.clock.tick(Duration.ofHours(2));
    await().until(() -> hub.store.agentEvents().oldestRetainedSeq(bob.id).isEmpty());

    try (SseStream stream = bob.events("?after=1")) {
      Frame expired = stream.next();
      assertThat(expired.event()).isEqualTo("cursor_expired");
      assertThat(expired.json().path("firstRetainedSeq").asLong()).isEqualTo(3);
      alice.sendOk(bob.name, "three");
      assertThat(stream.next().seq()).isEqualTo(3);
    }
    try (SseStream current = bob.events("?after=3")) {
      alice.sendOk(bob.name, "four");
      assertThat(current.next().event()).isNull();
    }
  }
}

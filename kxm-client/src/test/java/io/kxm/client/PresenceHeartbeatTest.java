package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class PresenceHeartbeatTest {
  final AtomicInteger beats = new AtomicInteger();

  @Test
  void it_beats_a_third_of_each_lease_until_closed() {
    try (PresenceHeartbeat ignored =
        PresenceHeartbeat.start(beats::incrementAndGet, Duration.ofMillis(1_500))) {
      await().atMost(Duration.ofSeconds(10)).until(() -> beats.get() >= 3);
    }
    int atClose = beats.get();

    await()
        .during(Duration.ofSeconds(1))
        .atMost(Duration.ofSeconds(3))
        .until(() -> beats.get() == atClose);
  }

  @Test
  void closing_waits_for_a_beat_already_on_the_wire_instead_of_cutting_it() throws Exception {
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean finished = new AtomicBoolean();
    PresenceHeartbeat heartbeat =
        PresenceHeartbeat.start(
            () -> {
              started.countDown();
              try {
                release.await();
              } catch (InterruptedException e) {
                return; // cut: the beat may still reach the hub after the agent left
              }
              finished.set(true);
            },
            Duration.ofMillis(1_500));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();

    Thread closer = Thread.ofPlatform().start(heartbeat::close);
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() ->
            closer.getState() == Thread.State.TIMED_WAITING
                || closer.getState() == Thread.State.TERMINATED);
    release.countDown();
    closer.join(10_000);

    assertThat(finished).isTrue();
    assertThat(closer.isAlive()).isFalse();
  }

  @Test
  void a_failed_beat_is_retried_but_a_rotated_key_ends_the_beating() {
    AtomicInteger flakyBeats = new AtomicInteger();
    try (PresenceHeartbeat flaky =
            PresenceHeartbeat.start(
                () -> {
                  if (flakyBeats.incrementAndGet() == 1) {
                    throw new KxmException(ErrorCode.HUB_UNREACHABLE, "hub restarting");
                  }
                },
                Duration.ofMillis(1_500));
        PresenceHeartbeat rotated =
            PresenceHeartbeat.start(
                () -> {
                  beats.incrementAndGet();
                  throw new KxmException(
                      ErrorCode.AGENT_KEY_INVALID, "the agent key is not current");
                },
                Duration.ofMillis(1_500))) {
      await().atMost(Duration.ofSeconds(10)).until(() -> flakyBeats.get() >= 3);

      assertThat(beats.get()).isEqualTo(1);
    }
  }
}

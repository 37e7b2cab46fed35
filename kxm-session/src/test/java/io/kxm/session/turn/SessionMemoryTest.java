package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionSettings;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionMemoryTest {
  @TempDir Path tmp;
  SessionsFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void an_idle_session_leaves_memory_and_its_next_turn_still_gets_the_whole_history()
      throws Exception {
    SettableClock clock = new SettableClock(Instant.parse("2026-01-01T00:00:00Z"));
    SessionSettings settings =
        new SessionSettings(4, 10, Duration.ofMillis(100), 10_000, Duration.ofSeconds(15));
    fx = SessionsFixture.start(tmp, settings, clock);
    Session session = fx.session("echo");
    SessionRun first = fx.service.submit(session.id(), "hello");
    fx.awaitStatus(first.id(), COMPLETED);
    await().atMost(SessionsFixture.WAIT).until(() -> fx.service.activeRuns() == 0);
    // The clock stands still, so however often the sweeper runs the session is not yet idle.
    assertThat(fx.service.cachedSessions()).isEqualTo(1);

    clock.tick(Duration.ofMinutes(1));
    await().atMost(SessionsFixture.WAIT).until(() -> fx.service.cachedSessions() == 0);

    SessionRun second = fx.service.submit(session.id(), "again");
    assertThat(fx.awaitStatus(second.id(), COMPLETED).finalMessage())
        .startsWith("seen 2 [user:hello | assistant:seen 0 [] for hello]");
    assertThat(fx.service.cachedSessions()).isEqualTo(1);
  }
}

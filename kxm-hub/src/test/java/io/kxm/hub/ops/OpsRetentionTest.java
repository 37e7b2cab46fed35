package io.kxm.hub.ops;

import static io.kxm.hub.ops.OpsFrames.kindOf;
import static io.kxm.hub.ops.OpsFrames.until;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.OpsHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code KXM_OPS_RETENTION_MS}: entries older than the window are purged, numbering goes on. */
class OpsRetentionTest {
  @TempDir Path dir;

  @Test
  void entries_past_the_retention_window_are_purged_and_a_cursor_into_them_is_told_so() {
    SettableClock clock = new SettableClock(Instant.parse("2030-01-01T00:00:00Z"));
    try (OpsHub hub = OpsHub.start(dir, Map.of("KXM_OPS_RETENTION_MS", "10000"), clock)) {
      long ann;
      try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
        hub.agent("ann");
        hub.agent("cat");
        ann = until(stream, kindOf("agent.registered", "name", "ann")).getLast().path("seq").asLong();
        until(stream, kindOf("agent.registered", "name", "cat"));
      }
      clock.tick(Duration.ofSeconds(11));
      hub.agent("bob");

      await()
          .atMost(Duration.ofSeconds(10))
          .untilAsserted(() -> {
            try (SseStream stream = hub.events(TestHubs.ADMIN, "?after=" + ann)) {
              SseStream.Frame first = stream.next(Duration.ofSeconds(5));
              assertThat(first.event()).isEqualTo("cursor_expired");
            }
          });
      try (SseStream stream = hub.events(TestHubs.ADMIN, "?after=" + ann)) {
        List<JsonNode> seen = until(stream, kindOf("agent.registered", "name", "bob"));
        assertThat(seen).extracting(e -> e.path("name").asString()).doesNotContain("ann", "cat");
        assertThat(seen.getLast().path("seq").asLong()).isGreaterThan(ann + 1);
      }
      JsonNode snapshot = hub.snapshot(TestHubs.ADMIN, "").json();
      assertThat(snapshot.path("agents").valueStream().map(a -> a.path("name").asString()))
          .contains("ann", "cat", "bob"); // the purge trims the log, never the state
    }
  }
}

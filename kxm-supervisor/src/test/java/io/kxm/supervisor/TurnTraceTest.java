package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.trace.Tracing;
import io.kxm.testkit.otlp.OtlpCollector;
import io.kxm.testkit.otlp.OtlpCollector.ReceivedSpan;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A supervisor started with {@code KXM_OTLP_ENDPOINT} sends the trace of each session turn to an
 * OTLP/HTTP collector: the turn, and its harness inside it.
 */
class TurnTraceTest {
  @TempDir Path dir;

  @Test
  void a_session_turn_is_a_trace_of_the_turn_and_its_harness() throws Exception {
    try (OtlpCollector collector = OtlpCollector.start();
        ChildSupervisor supervisor =
            ChildSupervisor.start(
                dir.resolve("state"),
                Map.of(Tracing.ENDPOINT, collector.endpoint(), Tracing.BATCH_DELAY, "20"))) {
      SessionCalls calls = new SessionCalls(supervisor.url(), supervisor.token());
      Path workspace = Files.createDirectories(dir.resolve("workspace")).toRealPath();
      String session = calls.createSession(workspace, SessionCalls.echoAgent());
      String run = calls.submitted(session, "a prompt that stays private");
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> calls.run(run).path("run").path("status").asString().equals("completed"));

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() ->
              named(collector, "harness command").isPresent()
                  && named(collector, "session turn").isPresent());
      ReceivedSpan turn = named(collector, "session turn").orElseThrow();
      ReceivedSpan harness = named(collector, "harness command").orElseThrow();

      assertThat(turn.service()).isEqualTo("kxm-supervisor");
      assertThat(turn.attributes())
          .containsEntry("kxm.run.id", run)
          .containsEntry("kxm.session.id", session);
      assertThat(turn.parentSpanId()).as("a turn starts its own trace").isEmpty();
      assertThat(harness.isChildOf(turn)).isTrue();
      assertThat(harness.attributes())
          .containsEntry("kxm.harness", "command")
          .containsEntry("process.exit.code", "0");
      assertThat(collector.spans().toString()).doesNotContain("stays private");
    }
  }

  private static Optional<ReceivedSpan> named(OtlpCollector collector, String name) {
    return collector.spans().stream().filter(s -> s.name().equals(name)).findFirst();
  }
}

package io.kxm.bench.product;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import io.kxm.bench.baseline.SessionStoreRangeRead;
import java.nio.file.Files;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The session scenarios against a real supervisor started from the CLI jar, at sizes far below the
 * suite's. Each repetition checks its own outcome (every delta reached every subscriber, the replay
 * holds every stored event and ends on run.completed, the raw read finds as many rows), so a figure
 * comes back only when the supervisor did the work. Nothing is timed. Skipped when the jar is not
 * built or its supervisor has no session API.
 */
class SessionScenariosTest {

  @BeforeAll
  static void cli_jar_is_built() {
    assumeTrue(
        Files.isRegularFile(HubProcess.jar()),
        "no CLI jar at " + HubProcess.jar() + "; ./mvnw -pl kxm-cli -am package -DskipTests");
  }

  @Test
  void every_subscriber_receives_every_delta_and_latencies_come_back() throws Exception {
    try (Run run = new Run(true)) {
      double[] figures = once(new SessionDeliveryScenario(5, 10, 10).product(), run);
      assertThat(figures).hasSize(2);
      assertThat(figures[0]).isPositive();
      assertThat(figures[1]).isGreaterThanOrEqualTo(figures[0]);
    }
  }

  @Test
  void the_replay_and_the_raw_read_cover_the_same_stored_run() throws Exception {
    try (Run run = new Run(true)) {
      double[] replay = once(new SessionReplayScenario(200, 200).product(), run);
      double[] raw = once(new SessionStoreRangeRead(), run);
      assertThat(replay[0]).isPositive();
      assertThat(raw[0]).isPositive();
      assertThat(SessionBacklog.shared(run).events()).isGreaterThan(200);
    }
  }

  private static double[] once(Measure measure, Run run) throws Exception {
    try (measure) {
      try {
        measure.setup(run);
      } catch (Measure.Skip noSessions) {
        assumeTrue(false, noSessions.getMessage());
      }
      measure.prepare(run);
      return measure.once(run);
    }
  }
}

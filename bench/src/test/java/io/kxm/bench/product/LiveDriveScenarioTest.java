package io.kxm.bench.product;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import io.kxm.bench.baseline.BareCommandTurns;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The live-drive scenario against a real supervisor started from the CLI jar, and its bare
 * baseline: each repetition fails unless the run completed (or every bare turn answered), so a
 * figure comes back only when the work was done. Nothing is timed. Skipped when the jar is not
 * built.
 */
@DisabledOnOs(OS.WINDOWS)
class LiveDriveScenarioTest {

  @Test
  void a_live_drive_of_twenty_command_steps_completes_and_the_bare_turns_answer() throws Exception {
    try (Run run = new Run(true)) {
      double[] bare = once(new BareCommandTurns(), run);
      assertThat(bare).hasSize(1);
      assertThat(bare[0]).isPositive();
      assumeTrue(
          Files.isRegularFile(HubProcess.jar()),
          "no CLI jar at " + HubProcess.jar() + "; ./mvnw -pl kxm-cli -am package -DskipTests");
      double[] live = once(new LiveDriveScenario().product(), run);
      assertThat(live).hasSize(1);
      assertThat(live[0]).isPositive();
    }
  }

  private static double[] once(Measure measure, Run run) throws Exception {
    try (measure) {
      measure.setup(run);
      measure.prepare(run);
      return measure.once(run);
    }
  }
}

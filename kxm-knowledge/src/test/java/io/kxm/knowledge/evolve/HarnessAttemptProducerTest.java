package io.kxm.knowledge.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.HarnessSpec;
import io.kxm.session.harness.CommandHarness;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Attempts as turns of a real command harness: a Python agent process per attempt. */
@DisabledOnOs(OS.WINDOWS)
class HarnessAttemptProducerTest {
  @TempDir Path dir;

  private HarnessAttemptProducer producer(String... extra) throws Exception {
    String agent =
        Path.of(HarnessAttemptProducerTest.class.getResource("mirror-agent.py").toURI()).toString();
    List<String> argv = new java.util.ArrayList<>(List.of("python3", agent));
    argv.addAll(List.of(extra));
    CommandHarness harness =
        new CommandHarness(
            new HarnessSpec(HarnessSpec.COMMAND, argv),
            Map.of("PATH", System.getenv("PATH")),
            Clock.systemUTC());
    return new HarnessAttemptProducer(harness, dir, null, Duration.ofSeconds(60));
  }

  private static SeedPackage seed(String taskId) {
    EvolveTask task =
        TaskSet.load(ArcTasks.folder()).stream()
            .filter(t -> t.id().equals(taskId))
            .findFirst()
            .orElseThrow();
    return new SeedPackage(
        new AttemptKey(1, taskId, "agent-1", 1),
        SeedPackage.withoutTestOutputs(task),
        List.of(),
        List.of(),
        null,
        List.of());
  }

  @Test
  void the_turns_final_message_is_the_answer_and_scores_against_the_hidden_outputs()
      throws Exception {
    SeedPackage seed = seed("mirror-b");
    EvolveTask full =
        TaskSet.load(ArcTasks.folder()).stream()
            .filter(t -> t.id().equals("mirror-b"))
            .findFirst()
            .orElseThrow();

    AttemptProducer.AttemptOutcome outcome = producer().attempt(seed, SeedPrompt.render(seed));

    assertThat(outcome.status()).isEqualTo(AttemptProducer.AttemptOutcome.SUCCESS);
    assertThat(outcome.answer()).isEqualTo("89\n10\n32");
    assertThat(new ExactMatchEvaluator().evaluate(full, outcome.answer()).solved()).isTrue();
  }

  @Test
  void a_turn_that_ends_without_output_is_a_silent_failure_and_never_scored() throws Exception {
    SeedPackage seed = seed("mirror-a");

    AttemptProducer.AttemptOutcome outcome =
        producer("silent").attempt(seed, SeedPrompt.render(seed));

    assertThat(outcome.status()).isEqualTo(AttemptProducer.AttemptOutcome.SILENT_FAILURE);
    assertThat(outcome.scored()).isFalse();
    assertThat(outcome.answer()).isNull();
  }
}

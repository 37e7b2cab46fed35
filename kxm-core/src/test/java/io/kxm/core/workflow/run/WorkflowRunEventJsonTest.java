package io.kxm.core.workflow.run;

import static io.kxm.core.workflow.CheckpointStatus.PASSED;
import static io.kxm.core.workflow.Fixtures.stage;
import static io.kxm.core.workflow.Fixtures.workflow;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class WorkflowRunEventJsonTest {

  @Test
  void every_record_type_round_trips_through_json_and_folds_to_the_same_run() {
    RunDriver d =
        new RunDriver(
            workflow(
                stage("build").attempts(5).escalateAfter(1),
                stage("review").on("failed", "build", 1),
                stage("ship").evidence("tests", "signoff").peers("signoff", 1, true, "alice")));
    d.fail();
    d.signal("audit:2:build", PASSED, Map.of());
    d.pass();
    d.fail();
    d.pass();
    d.pass();
    d.apply(
        Degrades.decide(
            d.definition,
            d.run,
            new DegradeCommand(d.run.id(), "ship", "signoff", 0, true, "alice is away"),
            d.now));
    d.waitFor("ci", Duration.ofMinutes(3));
    d.signal("ci", PASSED, Map.of("tests", "green"));
    assertThat(d.run.status()).isEqualTo(WorkflowRunStatus.COMPLETED);

    List<WorkflowRunEvent> read =
        d.history.stream().map(e -> Json.read(Json.write(e), WorkflowRunEvent.class)).toList();

    assertThat(read).isEqualTo(d.history);
    assertThat(WorkflowRunFold.fold("wfr_1", read)).isEqualTo(d.run);
    assertThat(Json.write(d.history.getFirst())).startsWith("{\"type\":\"started\"");
    assertThat(d.history.stream().map(e -> e.getClass().getSimpleName()).distinct().count())
        .isEqualTo(11);
  }
}

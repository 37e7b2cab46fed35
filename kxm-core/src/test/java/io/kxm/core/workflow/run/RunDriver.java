package io.kxm.core.workflow.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.secret.Tokens;
import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.Fixtures;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.provenance.CitedMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Drives one run through deciders the way the hub will: decide, append the records, keep the
 * history, and fold it again after every step to prove the fold agrees with the deciders.
 */
public final class RunDriver {
  public final WorkflowDefinition definition;
  public final List<WorkflowRunEvent> history = new ArrayList<>();
  public WorkflowRun run;
  public Instant now = Fixtures.T0;
  private int deliveries;

  public RunDriver(WorkflowDefinition definition) {
    this.definition = definition;
    history.addAll(WorkflowRunStart.events(definition, "d-start", Fixtures.PAYLOAD_HASH, now));
    run = WorkflowRunFold.fold("wfr_1", history);
    apply(
        new Decision.Applied(
            WorkflowRunFold.apply(
                run, List.of(WorkflowRunStart.promptSent(run, "msg_prompt_1", now))),
            List.of(WorkflowRunStart.promptSent(run, "msg_prompt_1", now)),
            null));
  }

  public RunDriver tick(Duration step) {
    now = now.plus(step);
    return this;
  }

  public Decision apply(Decision decision) {
    if (decision instanceof Decision.Applied applied) {
      history.addAll(applied.events());
      run = applied.run();
      assertThat(WorkflowRunFold.fold(run.id(), history)).isEqualTo(run);
    }
    return decision;
  }

  public Decision checkpoint(CheckpointStatus status, Map<String, String> evidence) {
    return checkpoint(status, evidence, Map.of(), Map.of());
  }

  public Decision checkpoint(
      CheckpointStatus status,
      Map<String, String> evidence,
      Map<String, List<String>> refs,
      Map<String, CitedMessage> cited) {
    return apply(
        Checkpoints.decide(
            definition,
            run,
            new CheckpointCommand(
                run.id(), "lead", run.currentStage(), status, "summary", evidence, refs),
            cited,
            now));
  }

  public Decision pass() {
    return checkpoint(CheckpointStatus.PASSED, Map.of("tests", "green"));
  }

  public Decision fail() {
    return checkpoint(CheckpointStatus.FAILED, Map.of());
  }

  public Decision waitFor(String key, Duration timeout) {
    return apply(
        Waits.decide(
            definition,
            run,
            new WaitCommand(
                run.id(), "lead", run.currentStage(), key, "ci runs", Map.of(), Map.of(), timeout),
            Map.of(),
            now));
  }

  public Decision signal(String key, CheckpointStatus status, Map<String, String> evidence) {
    return signal(key, "d-" + (++deliveries), status, evidence);
  }

  public Decision signal(
      String key, String delivery, CheckpointStatus status, Map<String, String> evidence) {
    return signal(key, delivery, Tokens.sha256Hex(delivery), status, evidence);
  }

  /** A signal whose body hashes to {@code bodySha256}. */
  public Decision signal(
      String key,
      String delivery,
      String bodySha256,
      CheckpointStatus status,
      Map<String, String> evidence) {
    return apply(
        Signals.decide(
            definition,
            run,
            new SignalCommand(run.id(), key, delivery, bodySha256, status, null, evidence),
            now));
  }

  /** The last transition the run took. */
  public WorkflowRunTransition lastTransition() {
    return run.path().getLast();
  }

  public static WorkflowRefusal refusal(Decision decision) {
    assertThat(decision).isInstanceOf(Decision.Refused.class);
    return ((Decision.Refused) decision).refusal();
  }

  public static Decision.Applied applied(Decision decision) {
    assertThat(decision).isInstanceOf(Decision.Applied.class);
    return (Decision.Applied) decision;
  }
}

package io.kxm.core.workflow.run;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.definition.StageDefinition;
import java.time.Instant;

/** The words the coordinator reads after each decision. */
final class Instructions {
  private Instructions() {}

  static Instruction retry(
      StageDefinition stage, CheckpointStatus verdict, int attempt, boolean bySignal) {
    return new Instruction(
        Instruction.Kind.RETRY,
        "Stage "
            + stage.id()
            + " did not pass ("
            + verdict.wire()
            + "). Fix what failed and checkpoint it again as attempt "
            + attempt
            + " of "
            + stage.maxAttempts()
            + "."
            + required(stage),
        bySignal ? Instruction.Notice.PROMPT : Instruction.Notice.NONE);
  }

  static Instruction opened(
      StageDefinition from,
      StageDefinition target,
      int attempt,
      CheckpointStatus via,
      boolean bySignal) {
    String why =
        via == null
            ? "Stage " + from.id() + " passed. "
            : "The " + via.wire() + " outcome of stage " + from.id() + " routes the run. ";
    return new Instruction(
        Instruction.Kind.CONTINUE,
        why
            + "Continue with stage "
            + target.id()
            + " (attempt "
            + attempt
            + "): "
            + target.instructions()
            + required(target),
        bySignal ? Instruction.Notice.PROMPT : Instruction.Notice.NONE);
  }

  static Instruction finished(WorkflowRun run, boolean bySignal) {
    return new Instruction(
        Instruction.Kind.FINISH,
        "Run "
            + run.id()
            + " completed: its last stage passed. Reply to your prompt with the final result.",
        bySignal ? Instruction.Notice.INFORM : Instruction.Notice.NONE);
  }

  static Instruction failed(WorkflowRun run, FailureReason reason, String detail, boolean notify) {
    return new Instruction(
        Instruction.Kind.STOP,
        "Run " + run.id() + " failed (" + reason.wire() + "): " + detail + ".",
        notify ? Instruction.Notice.INFORM : Instruction.Notice.NONE);
  }

  static Instruction waiting(WorkflowRun run, String key, Instant deadline) {
    return new Instruction(
        Instruction.Kind.WAIT,
        "Stage "
            + run.currentStage()
            + " waits for signal '"
            + key
            + "' until "
            + deadline
            + ". Reply to your prompt now to settle your turn; a fresh request follows if the"
            + " signal leaves work to do.",
        Instruction.Notice.NONE);
  }

  static Instruction escalated(
      WorkflowRun run, StageDefinition stage, String key, Instant deadline) {
    return new Instruction(
        Instruction.Kind.WAIT,
        "Stage "
            + stage.id()
            + " of run "
            + run.id()
            + " failed too often and waits for an operator ruling (signal '"
            + key
            + "') until "
            + deadline
            + ". Reply to your prompt now to settle your turn.",
        Instruction.Notice.NONE);
  }

  static Instruction unchanged(String text) {
    return new Instruction(Instruction.Kind.CONTINUE, text, Instruction.Notice.NONE);
  }

  private static String required(StageDefinition stage) {
    if (stage.requiredEvidence().isEmpty()) {
      return "";
    }
    return " Required evidence: " + String.join(", ", stage.requiredEvidence()) + ".";
  }
}

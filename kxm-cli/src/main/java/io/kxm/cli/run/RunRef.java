package io.kxm.cli.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.RunKind;

/**
 * What a run id given on the command line names, decided once by its prefix for every command:
 * {@code srun_…} a session run, {@code wfr_…} a hub workflow run, anything else a runtime run.
 *
 * <p>{@code run_…} is read as a runtime run. Hub workflow runs created before {@code wfr_} also
 * carry {@code run_…}; the commands that only ever address the hub ({@code kxm gate signal} without
 * {@code --recovery-action}, the {@code kxm workflow} tools) take them as they are.
 */
public sealed interface RunRef {
  /** The id as given. */
  String id();

  /** A run the runtime supervisor keeps: the only kinds {@code kxm runs} addresses. */
  sealed interface Supervised extends RunRef {}

  /** A run of a project's {@code .kxm/} workflow, kept by the runtime supervisor. */
  record RuntimeRunRef(String id) implements Supervised {}

  /** A run of a session, kept by the runtime supervisor. */
  record SessionRunRef(String id) implements Supervised {}

  /** A webhook workflow run, kept by the hub. */
  record WorkflowRunRef(String id) implements RunRef {}

  /** The kind of run {@code id} names. */
  static RunRef parse(String id) {
    if (RunKind.SESSION.names(id)) {
      return new SessionRunRef(id);
    }
    if (RunKind.WORKFLOW.names(id)) {
      return new WorkflowRunRef(id);
    }
    return new RuntimeRunRef(id);
  }

  /**
   * The supervisor's run {@code id} names; a hub workflow run is refused before anything starts.
   */
  static Supervised onSupervisor(String id) {
    return switch (parse(id)) {
      case Supervised supervised -> supervised;
      case WorkflowRunRef workflow ->
          throw new KxmException(
              ErrorCode.RUN_ON_HUB,
              workflow.id() + " is a hub workflow run, not a run of the runtime supervisor");
    };
  }
}

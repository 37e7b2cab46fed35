package io.kxm.core.workflow.journal;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.workflow.WorkflowRefusal;
import io.kxm.core.workflow.definition.StageDefinition;
import io.kxm.core.workflow.definition.WorkflowDefinition;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.core.workflow.run.WorkflowRunGuards;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Turns a {@link RecordCommand} into a journal entry of its run, or refuses it. */
public final class Journals {
  private Journals() {}

  /** An entry, or why it cannot be recorded. */
  public sealed interface Outcome {
    record Recorded(JournalEntry entry) implements Outcome {}

    record Refused(WorkflowRefusal refusal) implements Outcome {}
  }

  /**
   * @param existingIds IDs of the run's journal entries so far, for relations
   * @param id the new entry's ID
   */
  public static Outcome entry(
      WorkflowDefinition definition,
      WorkflowRun run,
      RecordCommand command,
      Set<String> existingIds,
      String id,
      Instant now) {
    Optional<WorkflowRefusal> forbidden = WorkflowRunGuards.coordinator(run, command.caller());
    if (forbidden.isPresent()) {
      return new Outcome.Refused(forbidden.get());
    }
    Optional<StageDefinition> stage = Optional.empty();
    if (command.stageId() != null) {
      stage = definition.stage(command.stageId());
      if (stage.isEmpty()) {
        return refused(
            ErrorCode.INVALID_REQUEST,
            "stage " + command.stageId() + " is not part of workflow " + definition.id());
      }
    }
    ImprovementArea area =
        command.area() != null ? command.area() : stage.map(StageDefinition::area).orElse(null);
    if (area == null) {
      return refused(
          ErrorCode.INVALID_IMPROVEMENT_AREA,
          "name an area, or a stageId whose stage declares one");
    }
    List<String> unknown =
        command.relatedEntryIds().stream().filter(r -> !existingIds.contains(r)).toList();
    if (!unknown.isEmpty()) {
      return refused(
          ErrorCode.INVALID_JOURNAL_RELATION,
          "run " + run.id() + " has no journal entries " + String.join(", ", unknown));
    }
    return new Outcome.Recorded(
        new JournalEntry(
            id,
            run.id(),
            run.project(),
            command.stageId(),
            attempt(run, command.stageId()),
            command.category(),
            area,
            command.severity(),
            command.caller(),
            command.summary(),
            command.details(),
            command.evidence(),
            command.relatedEntryIds(),
            now));
  }

  /**
   * The journal entry that records an admin degrading a quorum, so that a weakened gate shows in
   * the retrospective and the improvement report.
   */
  public static JournalEntry degraded(
      WorkflowRun run, WorkflowRunEvent.QuorumDegraded event, String id, String admin) {
    return new JournalEntry(
        id,
        run.id(),
        run.project(),
        event.stageId(),
        event.attempt(),
        JournalCategory.DECISION,
        ImprovementArea.GATES,
        JournalSeverity.WARNING,
        admin,
        "quorum of '"
            + event.requirementKey()
            + "' lowered from "
            + event.fromQuorum()
            + " to "
            + event.toQuorum()
            + " for attempt "
            + event.attempt(),
        event.reason(),
        List.of("run " + run.id() + " stage " + event.stageId()),
        List.of(),
        event.at());
  }

  /** The current attempt for the current stage, the last one used for any other. */
  private static Integer attempt(WorkflowRun run, String stageId) {
    if (stageId == null) {
      return null;
    }
    if (stageId.equals(run.currentStage())) {
      return run.currentAttempt();
    }
    int used = run.progress(stageId).attemptsUsed();
    return used == 0 ? null : used;
  }

  private static Outcome refused(ErrorCode code, String message) {
    return new Outcome.Refused(WorkflowRefusal.of(code, message));
  }
}

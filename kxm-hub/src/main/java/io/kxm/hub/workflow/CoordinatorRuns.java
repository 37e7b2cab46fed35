package io.kxm.hub.workflow;

import io.kxm.core.agent.Agent;
import io.kxm.core.id.Ids;
import io.kxm.core.workflow.journal.ImprovementReport;
import io.kxm.core.workflow.journal.ImprovementReports;
import io.kxm.core.workflow.journal.JournalEntry;
import io.kxm.core.workflow.journal.Journals;
import io.kxm.core.workflow.journal.RecordCommand;
import io.kxm.core.workflow.run.CheckpointCommand;
import io.kxm.core.workflow.run.Checkpoints;
import io.kxm.core.workflow.run.Decision;
import io.kxm.core.workflow.run.Instruction;
import io.kxm.core.workflow.run.WaitCommand;
import io.kxm.core.workflow.run.Waits;
import io.kxm.core.workflow.run.WorkflowRunGuards;
import io.kxm.core.workflow.run.WorkflowRunStatus;
import io.kxm.core.workflow.run.WorkflowRunView;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Tx;
import io.kxm.store.workflow.StoredRun;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The six workflow operations of a coordinator, for its HTTP routes and its MCP session alike. A
 * run of another project does not exist for the caller; a run of its project assigned to another
 * agent is {@code workflow_forbidden}, naming that agent.
 */
public final class CoordinatorRuns {
  /** How many journal entries the improvement report reads, newest first. */
  private static final int REPORT_ENTRIES = 2_000;

  private final StreamWriter writer;
  private final RunUpdates updates;
  private final RetrospectiveExporter retrospectives;
  private final Clock clock;

  CoordinatorRuns(
      StreamWriter writer, RunUpdates updates, RetrospectiveExporter retrospectives, Clock clock) {
    this.writer = writer;
    this.updates = updates;
    this.retrospectives = retrospectives;
    this.clock = clock;
  }

  /** {@code kxm_workflow_get}: the run and its journal. */
  public record RunAndJournal(WorkflowRunView run, List<JournalEntry> journal) {}

  /** {@code kxm_workflow_checkpoint}: the run after the verdict and what to do next. */
  public record CheckpointAnswer(
      WorkflowRunView run, boolean retry, boolean completed, Instruction instruction) {}

  /** {@code kxm_workflow_wait}: the waiting run and what to do next. */
  public record WaitAnswer(WorkflowRunView run, Instruction instruction) {}

  public List<WorkflowRunView> list(Agent caller) {
    return writer
        .store()
        .workflowRuns()
        .listForCoordinator(caller.project(), caller.name())
        .stream()
        .map(CoordinatorRuns::view)
        .toList();
  }

  public RunAndJournal get(Agent caller, String runId) {
    return writer
        .store()
        .read(tx -> {
          StoredRun stored = assigned(tx, caller, runId);
          return new RunAndJournal(
              view(stored),
              tx.workflowJournal().forRun(runId).stream().map(JournalEntry::redacted).toList());
        });
  }

  public CheckpointAnswer checkpoint(Agent caller, CheckpointCommand command) {
    RunUpdates.Result result =
        decide(
            caller,
            command.runId(),
            (tx, stored, now) ->
                Checkpoints.decide(
                    stored.definition(),
                    stored.run(),
                    command,
                    CitedMessages.fetch(tx, command.evidenceRefs()),
                    now));
    Instruction instruction = instruction(result);
    return new CheckpointAnswer(
        view(result.run()),
        instruction.kind() == Instruction.Kind.RETRY,
        result.run().run().status() == WorkflowRunStatus.COMPLETED,
        instruction);
  }

  public WaitAnswer await(Agent caller, WaitCommand command) {
    RunUpdates.Result result =
        decide(
            caller,
            command.runId(),
            (tx, stored, now) ->
                Waits.decide(
                    stored.definition(),
                    stored.run(),
                    command,
                    CitedMessages.fetch(tx, command.evidenceRefs()),
                    now));
    return new WaitAnswer(view(result.run()), instruction(result));
  }

  /** {@code kxm_workflow_record}: stores a journal entry of the run. */
  public JournalEntry record(Agent caller, RecordCommand command) {
    return writer
        .store()
        .write(tx -> {
          StoredRun stored = visible(tx, caller, command.runId());
          Set<String> existing =
              tx.workflowJournal().forRun(stored.id()).stream()
                  .map(JournalEntry::id)
                  .collect(Collectors.toSet());
          return switch (Journals.entry(
              stored.definition(),
              stored.run(),
              command,
              existing,
              Ids.next("jrn", clock),
              clock.instant())) {
            case Journals.Outcome.Refused refused -> throw refused.refusal().toException();
            case Journals.Outcome.Recorded recorded -> {
              tx.workflowJournal().insert(recorded.entry());
              yield recorded.entry();
            }
          };
        });
  }

  /** {@code kxm_improvement_report}: learning across the project's runs. */
  public ImprovementReport improvementReport(Agent caller) {
    return ImprovementReports.build(
        writer.store().workflowJournal().forProject(caller.project(), REPORT_ENTRIES));
  }

  private RunUpdates.Result decide(Agent caller, String runId, Decider decider) {
    RunUpdates.Result result =
        writer.write((tx, events) -> {
          visible(tx, caller, runId);
          return updates.apply(tx, events, runId, (stored, now) -> decider.decide(tx, stored, now));
        });
    retrospectives.flush();
    return result;
  }

  private static Instruction instruction(RunUpdates.Result result) {
    return switch (result.decision()) {
      case Decision.Applied applied -> applied.instruction();
      case Decision.Unchanged unchanged ->
          new Instruction(Instruction.Kind.CONTINUE, unchanged.why(), Instruction.Notice.NONE);
      case Decision.Refused refused -> throw refused.refusal().toException();
    };
  }

  /** The run, if it belongs to the caller's project; deciders check the coordinator. */
  static StoredRun visible(Tx tx, Agent caller, String runId) {
    return tx.workflowRuns()
        .find(runId)
        .filter(stored -> stored.run().project().equals(caller.project()))
        .orElseThrow(() -> WorkflowRunGuards.notFound(runId).toException());
  }

  private static StoredRun assigned(Tx tx, Agent caller, String runId) {
    StoredRun stored = visible(tx, caller, runId);
    WorkflowRunGuards.coordinator(stored.run(), caller.name())
        .ifPresent(refusal -> {
          throw refusal.toException();
        });
    return stored;
  }

  static WorkflowRunView view(StoredRun stored) {
    return WorkflowRunView.of(stored.definition(), stored.run());
  }

  @FunctionalInterface
  private interface Decider {
    Decision decide(Tx tx, StoredRun stored, Instant now);
  }
}

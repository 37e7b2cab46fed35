package io.kxm.core.workflow.journal;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.core.secret.SecureFiles;
import io.kxm.core.workflow.journal.Retrospective.CheckpointNote;
import io.kxm.core.workflow.journal.Retrospective.Degradation;
import io.kxm.core.workflow.journal.Retrospective.SignalNote;
import io.kxm.core.workflow.journal.Retrospective.StageReport;
import io.kxm.core.workflow.run.StageProgress;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.core.workflow.run.WorkflowRunEvent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Builds a run's retrospective and writes it as owner-only JSON and Markdown files. */
public final class Retrospectives {
  private Retrospectives() {}

  /**
   * @param history the run's records, for the signals it received
   * @param journal the run's journal entries
   */
  public static Retrospective of(
      WorkflowRun run, List<WorkflowRunEvent> history, List<JournalEntry> journal) {
    List<StageReport> stages = run.stages().values().stream().map(Retrospectives::stage).toList();
    List<SignalNote> signals =
        history.stream()
            .filter(WorkflowRunEvent.SignalReceived.class::isInstance)
            .map(WorkflowRunEvent.SignalReceived.class::cast)
            .map(s ->
                new SignalNote(s.signalKey(), s.deliveryId(), s.status(), s.bodySha256(), s.at()))
            .toList();
    List<Degradation> degradations =
        run.degradations().stream()
            .map(d ->
                new Degradation(
                    d.stageId(),
                    d.attempt(),
                    d.requirementKey(),
                    d.fromQuorum(),
                    d.toQuorum(),
                    Redactor.redact(d.reason())))
            .toList();
    return new Retrospective(
        run.id(),
        run.workflowId(),
        run.project(),
        run.coordinator(),
        run.status(),
        run.failure() == null ? null : run.failure().reason(),
        run.failure() == null ? null : Redactor.redact(run.failure().detail()),
        run.definitionHash(),
        run.payloadHash(),
        run.createdAt(),
        run.finishedAt(),
        run.transitionsTaken(),
        run.path().stream().map(t -> t.name().toLowerCase(Locale.ROOT)).toList(),
        stages,
        degradations,
        signals,
        journal.stream().map(JournalEntry::redacted).toList());
  }

  /**
   * Writes {@code <runId>.json} and {@code <runId>.md} into {@code folder}, each 0600 through a
   * temporary file and a rename.
   *
   * @return the two files written
   */
  public static List<Path> write(Path folder, Retrospective retrospective) {
    Path json = folder.resolve(retrospective.runId() + ".json");
    Path markdown = folder.resolve(retrospective.runId() + ".md");
    SecureFiles.writeOwnerOnly(
        json, Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(retrospective));
    SecureFiles.writeOwnerOnly(
        markdown, RetrospectiveMarkdown.render(retrospective).getBytes(StandardCharsets.UTF_8));
    return List.of(json, markdown);
  }

  private static StageReport stage(StageProgress progress) {
    return new StageReport(
        progress.stageId(),
        progress.attemptsUsed(),
        progress.visits(),
        progress.passed(),
        progress.checkpoints().stream().map(Retrospectives::checkpoint).toList());
  }

  private static CheckpointNote checkpoint(WorkflowRunEvent.CheckpointRecorded c) {
    Map<String, String> evidence = new LinkedHashMap<>();
    c.evidence().forEach((k, v) -> evidence.put(k, Redactor.redact(v)));
    return new CheckpointNote(
        c.attempt(),
        c.status(),
        c.by(),
        c.at(),
        Redactor.redact(c.summary()),
        evidence,
        c.peerEvidence());
  }
}

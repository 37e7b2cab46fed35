package io.kxm.core.workflow.journal;

import io.kxm.core.workflow.journal.Retrospective.CheckpointNote;
import io.kxm.core.workflow.journal.Retrospective.StageReport;
import io.kxm.core.workflow.provenance.VerifiedPeerEvidence;

/** Renders a retrospective as Markdown for people; the JSON form is for tools. */
public final class RetrospectiveMarkdown {
  private RetrospectiveMarkdown() {}

  public static String render(Retrospective r) {
    StringBuilder md = new StringBuilder();
    md.append("# Retrospective of run ").append(r.runId()).append("\n\n");
    md.append("- Workflow: ")
        .append(r.workflowId())
        .append(" (project ")
        .append(r.project())
        .append(")\n");
    md.append("- Coordinator: ").append(r.coordinator()).append('\n');
    md.append("- Outcome: ").append(r.status().wire());
    if (r.failureReason() != null) {
      md.append(" (").append(r.failureReason().wire()).append("): ").append(r.failureDetail());
    }
    md.append('\n');
    md.append("- Started ")
        .append(r.startedAt())
        .append(", finished ")
        .append(r.finishedAt())
        .append('\n');
    md.append("- Definition hash: `").append(r.definitionHash()).append("`\n");
    md.append("- Payload hash: `").append(r.payloadHash()).append("`\n");
    md.append("- Path: ").append(String.join(" → ", r.path())).append('\n');
    md.append("\n## Stages\n");
    for (StageReport stage : r.stages()) {
      md.append("\n### ").append(stage.stageId()).append("\n\n");
      md.append(stage.attempts())
          .append(" attempt(s), ")
          .append(stage.visits())
          .append(" visit(s), ")
          .append(stage.passed() ? "passed" : "not passed")
          .append(".\n\n");
      for (CheckpointNote c : stage.checkpoints()) {
        md.append("- Attempt ")
            .append(c.attempt())
            .append(": **")
            .append(c.status().wire())
            .append("** by ")
            .append(c.by())
            .append(" — ")
            .append(oneLine(c.summary()))
            .append('\n');
        c.evidence()
            .forEach(
                (k, v) -> md.append("  - ").append(k).append(": ").append(oneLine(v)).append('\n'));
        for (VerifiedPeerEvidence p : c.peerEvidence()) {
          md.append("  - peer ")
              .append(p.producerName())
              .append(" for ")
              .append(p.requirementKey())
              .append(": message ")
              .append(p.messageId())
              .append(", reply sha256 `")
              .append(p.replySha256(), 0, 12)
              .append("…`\n");
        }
      }
    }
    if (!r.degradations().isEmpty()) {
      md.append("\n## Degraded quorums\n\n");
      r.degradations()
          .forEach(d ->
              md.append("- ")
                  .append(d.stageId())
                  .append(" attempt ")
                  .append(d.attempt())
                  .append(", ")
                  .append(d.requirementKey())
                  .append(": ")
                  .append(d.fromQuorum())
                  .append(" → ")
                  .append(d.toQuorum())
                  .append(" (")
                  .append(oneLine(d.reason()))
                  .append(")\n"));
    }
    if (!r.signals().isEmpty()) {
      md.append("\n## Signals\n\n");
      r.signals()
          .forEach(s ->
              md.append("- ")
                  .append(s.signalKey())
                  .append(": ")
                  .append(s.status().wire())
                  .append(" (delivery ")
                  .append(s.deliveryId())
                  .append(")\n"));
    }
    md.append("\n## Journal\n\n");
    if (r.journal().isEmpty()) {
      md.append("No entries.\n");
    }
    r.journal()
        .forEach(e ->
            md.append("- [")
                .append(e.category().wire())
                .append(", ")
                .append(e.area().wire())
                .append(", ")
                .append(e.severity().wire())
                .append("] ")
                .append(oneLine(e.summary()))
                .append('\n'));
    return md.toString();
  }

  private static String oneLine(String text) {
    return text == null ? "" : text.replaceAll("\\s+", " ").strip();
  }
}

package io.kxm.core.workflow.journal;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.Limits;
import io.kxm.core.workflow.WorkflowLimits;
import java.util.List;
import java.util.Objects;

/**
 * {@code kxm_workflow_record}: a journal entry as the coordinator sends it. Category, area and
 * severity arrive as text and are parsed here, each with its own error code.
 *
 * @param area the area's wire name, or null to take the stage's
 * @param stageId binds the entry to a stage, or null
 * @param severity the severity's wire name, or null for {@code info}
 */
public record RecordCommand(
    String runId,
    String caller,
    JournalCategory category,
    ImprovementArea area,
    String stageId,
    JournalSeverity severity,
    String summary,
    String details,
    List<String> evidence,
    List<String> relatedEntryIds) {

  public RecordCommand {
    Limits.required("runId", runId, WorkflowLimits.ID_MAX);
    Objects.requireNonNull(caller, "caller");
    Objects.requireNonNull(category, "category");
    Limits.optional("stageId", stageId, WorkflowLimits.ID_MAX);
    severity = severity == null ? JournalSeverity.INFO : severity;
    Limits.required("summary", summary, JournalLimits.SUMMARY_MAX);
    Limits.optional("details", details, JournalLimits.DETAILS_MAX);
    evidence = evidence == null ? List.of() : List.copyOf(evidence);
    if (evidence.size() > JournalLimits.EVIDENCE_ITEMS_MAX) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          "evidence has "
              + evidence.size()
              + " items; the limit is "
              + JournalLimits.EVIDENCE_ITEMS_MAX);
    }
    evidence.forEach(
        item -> Limits.required("evidence item", item, JournalLimits.EVIDENCE_ITEM_MAX));
    if (category.needsEvidence() && evidence.isEmpty()) {
      throw new KxmException(
          ErrorCode.JOURNAL_EVIDENCE_REQUIRED,
          "a " + category.wire() + " entry needs at least one evidence item");
    }
    relatedEntryIds = relatedEntryIds == null ? List.of() : List.copyOf(relatedEntryIds);
    if (relatedEntryIds.size() > JournalLimits.RELATIONS_MAX
        || relatedEntryIds.stream().distinct().count() != relatedEntryIds.size()) {
      throw new KxmException(
          ErrorCode.INVALID_JOURNAL_RELATION,
          "relatedEntryIds names up to " + JournalLimits.RELATIONS_MAX + " distinct entries");
    }
  }

  /** Parses the wire names of category, area and severity, each refused with its own code. */
  public static RecordCommand of(
      String runId,
      String caller,
      String category,
      String area,
      String stageId,
      String severity,
      String summary,
      String details,
      List<String> evidence,
      List<String> relatedEntryIds) {
    return new RecordCommand(
        runId,
        caller,
        JournalCategory.fromWire(category),
        area == null ? null : ImprovementArea.fromWire(area),
        stageId,
        JournalSeverity.fromWire(severity),
        summary,
        details,
        evidence,
        relatedEntryIds);
  }
}

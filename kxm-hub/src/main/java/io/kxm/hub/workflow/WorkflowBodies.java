package io.kxm.hub.workflow;

import io.kxm.core.workflow.CheckpointStatus;
import io.kxm.core.workflow.journal.RecordCommand;
import io.kxm.core.workflow.run.CheckpointCommand;
import io.kxm.core.workflow.run.DegradeCommand;
import io.kxm.core.workflow.run.WaitCommand;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** The JSON bodies of the workflow routes; the run comes from the path, the caller from its key. */
final class WorkflowBodies {
  private WorkflowBodies() {}

  record Checkpoint(
      String stageId,
      String status,
      String summary,
      Map<String, String> evidence,
      JsonNode evidenceRefs) {
    CheckpointCommand command(String runId, String caller) {
      return new CheckpointCommand(
          runId,
          caller,
          stageId,
          CheckpointStatus.fromWire(status),
          summary,
          evidence,
          EvidenceRefsWire.read(evidenceRefs));
    }
  }

  record Wait(
      String stageId,
      String signalKey,
      String summary,
      Map<String, String> evidence,
      JsonNode evidenceRefs,
      Long timeoutMs) {
    WaitCommand command(String runId, String caller) {
      return new WaitCommand(
          runId,
          caller,
          stageId,
          signalKey,
          summary,
          evidence,
          EvidenceRefsWire.read(evidenceRefs),
          timeoutMs == null ? null : Duration.ofMillis(timeoutMs));
    }
  }

  record Record(
      String category,
      String area,
      String stageId,
      String severity,
      String summary,
      String details,
      List<String> evidence,
      List<String> relatedEntryIds) {
    RecordCommand command(String runId, String caller) {
      return RecordCommand.of(
          runId,
          caller,
          category,
          area,
          stageId,
          severity,
          summary,
          details,
          evidence,
          relatedEntryIds);
    }
  }

  record Degrade(String stageId, String requirementKey, Integer quorum, String reason) {
    DegradeCommand command(String runId) {
      return new DegradeCommand(
          runId, stageId, requirementKey, quorum == null ? -1 : quorum, true, reason);
    }
  }
}

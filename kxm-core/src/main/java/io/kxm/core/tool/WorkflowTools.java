package io.kxm.core.tool;

import static io.kxm.core.tool.Schemas.string;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.WorkflowLimits;
import io.kxm.core.workflow.WorkflowOperations;
import io.kxm.core.workflow.journal.JournalLimits;
import java.util.List;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The six workflow tools of a run's coordinator. Category, area and severity are plain strings here
 * so that the hub answers an unknown one with its own code, not a schema error.
 */
final class WorkflowTools {
  private WorkflowTools() {}

  static List<ToolDefinition> all() {
    return List.of(
        tool(
            "kxm_workflow_list",
            false,
            "List the workflow runs assigned to you.",
            Schemas.object(),
            (args, ports) -> ports.runs()),
        tool(
            "kxm_workflow_get",
            false,
            "Read a run of yours: stages, attempts, evidence, journal.",
            runOnly(),
            (args, ports) -> ports.run(runId(args))),
        tool(
            "kxm_workflow_checkpoint",
            true,
            "Record the current stage's outcome: passed, warning or failed.",
            Schemas.object()
                .required("runId", string(WorkflowLimits.ID_MAX))
                .required("stageId", string(WorkflowLimits.ID_MAX))
                .required("status", Schemas.oneOf("passed", "warning", "failed"))
                .required("summary", string(WorkflowLimits.SUMMARY_MAX))
                .property("evidence", evidenceSchema())
                .property("evidenceRefs", refsSchema()),
            (args, ports) -> ports.checkpoint(runId(args), body(args))),
        tool(
            "kxm_workflow_record",
            true,
            "Add a plan, decision or lesson to the run's journal.",
            Schemas.object()
                .required("runId", string(WorkflowLimits.ID_MAX))
                .required("category", string(32))
                .property("area", string(32))
                .property("stageId", string(WorkflowLimits.ID_MAX))
                .property("severity", string(16))
                .required("summary", string(JournalLimits.SUMMARY_MAX))
                .property("details", string(JournalLimits.DETAILS_MAX))
                .property(
                    "evidence",
                    Schemas.array(
                        string(JournalLimits.EVIDENCE_ITEM_MAX),
                        0,
                        JournalLimits.EVIDENCE_ITEMS_MAX))
                .property(
                    "relatedEntryIds",
                    Schemas.array(string(WorkflowLimits.ID_MAX), 0, JournalLimits.RELATIONS_MAX)),
            (args, ports) -> ports.record(runId(args), body(args))),
        tool(
            "kxm_workflow_wait",
            true,
            "Park the stage until a signed signal names signalKey.",
            Schemas.object()
                .required("runId", string(WorkflowLimits.ID_MAX))
                .required("stageId", string(WorkflowLimits.ID_MAX))
                .required("signalKey", string(WorkflowLimits.SIGNAL_KEY_MAX))
                .required("summary", string(WorkflowLimits.SUMMARY_MAX))
                .property("evidence", evidenceSchema())
                .property("evidenceRefs", refsSchema())
                .property(
                    "timeoutMs",
                    Schemas.integer(
                        WorkflowLimits.WAIT_MIN.toMillis(), WorkflowLimits.WAIT_MAX.toMillis())),
            (args, ports) -> ports.waitFor(runId(args), body(args))),
        tool(
            "kxm_improvement_report",
            false,
            "Summarize learning across this project's runs by area.",
            Schemas.object(),
            (args, ports) -> ports.improvementReport()));
  }

  private static ToolDefinition tool(
      String name,
      boolean changesState,
      String description,
      Schemas.ObjectSchema schema,
      BiFunction<ToolArguments, WorkflowOperations, JsonNode> handler) {
    return new ToolDefinition(
        name,
        ToolGroup.WORKFLOWS,
        changesState,
        description,
        schema.build(),
        (args, ctx) -> handler.apply(args, ctx.workflows()));
  }

  private static Schemas.ObjectSchema runOnly() {
    return Schemas.object().required("runId", string(WorkflowLimits.ID_MAX));
  }

  private static String runId(ToolArguments args) {
    String runId = args.string("runId");
    if (runId == null || runId.isBlank()) {
      throw new KxmException(ErrorCode.INVALID_REQUEST, "runId is required");
    }
    return runId;
  }

  /** The route body: every argument but the run, which goes in the path. */
  private static JsonNode body(ToolArguments args) {
    ObjectNode body = args.raw().isObject() ? ((ObjectNode) args.raw()).deepCopy() : Json.object();
    body.remove("runId");
    return body;
  }

  /** Evidence strings keyed by requirement. */
  private static ObjectNode evidenceSchema() {
    ObjectNode schema = Json.object().put("type", "object");
    schema.put("maxProperties", WorkflowLimits.EVIDENCE_KEYS_MAX);
    schema.set("additionalProperties", string(WorkflowLimits.EVIDENCE_VALUE_MAX));
    return schema;
  }

  /** Requirement to {@code {"messageIds": [...]}}, the cited peer replies. */
  private static ObjectNode refsSchema() {
    ObjectNode ids =
        Schemas.object()
            .required(
                "messageIds",
                Schemas.array(
                    string(WorkflowLimits.ID_MAX), 1, WorkflowLimits.EVIDENCE_REF_IDS_MAX))
            .build();
    ObjectNode schema = Json.object().put("type", "object");
    schema.put("maxProperties", WorkflowLimits.EVIDENCE_REF_REQUIREMENTS_MAX);
    schema.set("additionalProperties", ids);
    return schema;
  }
}

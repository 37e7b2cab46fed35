package io.kxm.core.tool;

import static io.kxm.core.tool.Schemas.string;

import io.kxm.core.context.ContextLimits;
import io.kxm.core.context.ContextOperations;
import java.util.List;
import java.util.function.BiFunction;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The five context tools: a role's packet, recall, temporal state, episodes, and a state proposal.
 * Arguments pass to the hub unchanged; it validates them and checks that {@code project}, when
 * given, is the caller's own.
 */
final class ContextTools {
  private ContextTools() {}

  static List<ToolDefinition> all() {
    return List.of(
        tool(
            "kxm_context",
            false,
            "Build a context packet for your role and task before planning.",
            Schemas.object()
                .required("role", string(ContextLimits.ROLE_MAX))
                .required("task", string(ContextLimits.TASK_MAX))
                .property("workflowRunId", string(ContextLimits.ID_MAX))
                .property("stageId", string(ContextLimits.ID_MAX))
                .property(
                    "budgetTokens",
                    Schemas.integer(ContextLimits.BUDGET_MIN, ContextLimits.BUDGET_MAX))
                .property("includeKinds", kinds())
                .property("project", project()),
            ContextOperations::packet),
        tool(
            "kxm_recall",
            false,
            "Search this project's context records by relevance.",
            Schemas.object()
                .property("query", string(ContextLimits.QUERY_MAX))
                .property("kinds", kinds())
                .property("limit", Schemas.integer(1, ContextLimits.RECALL_LIMIT_MAX))
                .property("project", project()),
            ContextOperations::recall),
        tool(
            "kxm_state",
            false,
            "Read a state key now or as of asOf (ISO-8601).",
            Schemas.object()
                .required("key", string(ContextLimits.KEY_MAX))
                .property("asOf", string(64))
                .property("project", project()),
            ContextOperations::state),
        tool(
            "kxm_episode",
            false,
            "Read errors, lessons and experiments from this project's runs.",
            Schemas.object()
                .property("workflowRunId", string(ContextLimits.ID_MAX))
                .property("project", project()),
            ContextOperations::episodes),
        tool(
            "kxm_promote",
            true,
            "Propose a state value; it applies once an operator promotes it.",
            Schemas.object()
                .required("key", string(ContextLimits.KEY_MAX))
                .required("summary", string(ContextLimits.SUMMARY_MAX))
                .required("authority", Schemas.oneOf("evidence", "hypothesis"))
                .required("confidence", Schemas.oneOf("verified", "probable", "uncertain"))
                .required(
                    "evidenceRefs",
                    Schemas.array(string(ContextLimits.REF_MAX), 1, ContextLimits.REFS_MAX))
                .property("project", project()),
            ContextOperations::propose));
  }

  private static ToolDefinition tool(
      String name,
      boolean changesState,
      String description,
      Schemas.ObjectSchema schema,
      BiFunction<ContextOperations, JsonNode, JsonNode> handler) {
    return new ToolDefinition(
        name,
        ToolGroup.CONTEXT,
        changesState,
        description,
        schema.build(),
        (args, ctx) -> handler.apply(ctx.context(), args.raw()));
  }

  private static ObjectNode kinds() {
    return Schemas.array(Schemas.oneOf("evidence", "state", "episode", "knowledge", "skill"), 0, 5);
  }

  private static ObjectNode project() {
    return string(ContextLimits.NAME_MAX);
  }
}

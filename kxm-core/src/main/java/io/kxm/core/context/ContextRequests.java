package io.kxm.core.context;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.secret.Redactor;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * The bodies of the context routes, which are also the arguments of the five context tools. Each
 * record is read with its {@code read} method, which bounds every field; {@code project} is kept
 * only to be checked against the caller's own.
 */
public final class ContextRequests {
  private ContextRequests() {}

  /** {@code kxm_context}: a packet for a role and task. */
  public record Packet(
      String project,
      String role,
      String task,
      String workflowRunId,
      String stageId,
      int budgetTokens,
      Set<ContextKind> includeKinds) {

    public static Packet read(JsonNode json) {
      Body body =
          Body.of(
              json,
              Set.of(
                  "project",
                  "role",
                  "task",
                  "workflowRunId",
                  "stageId",
                  "budgetTokens",
                  "includeKinds"),
              ErrorCode.INVALID_REQUEST);
      String role = body.label("role", ContextLimits.ROLE_MAX);
      Integer budget =
          body.integer("budgetTokens", ContextLimits.BUDGET_MIN, ContextLimits.BUDGET_MAX);
      EnumSet<ContextKind> kinds = body.choices("includeKinds", ContextKind.class);
      return new Packet(
          body.optionalLabel("project", ContextLimits.NAME_MAX),
          role,
          body.text("task", ContextLimits.TASK_MAX),
          body.optionalLabel("workflowRunId", ContextLimits.ID_MAX),
          body.optionalLabel("stageId", ContextLimits.ID_MAX),
          budget == null ? RoleBudgets.defaultFor(role) : budget,
          kinds == null || kinds.isEmpty() ? EnumSet.allOf(ContextKind.class) : kinds);
    }
  }

  /** {@code kxm_recall}: a search of current items. */
  public record Recall(String project, String query, Set<ContextKind> kinds, int limit) {

    public static Recall read(JsonNode json) {
      Body body =
          Body.of(json, Set.of("project", "query", "kinds", "limit"), ErrorCode.INVALID_REQUEST);
      String query = body.anyText("query", ContextLimits.QUERY_MAX);
      EnumSet<ContextKind> kinds = body.choices("kinds", ContextKind.class);
      Integer limit = body.integer("limit", 1, ContextLimits.RECALL_LIMIT_MAX);
      return new Recall(
          body.optionalLabel("project", ContextLimits.NAME_MAX),
          query == null ? "" : query.strip(),
          kinds == null || kinds.isEmpty() ? EnumSet.allOf(ContextKind.class) : kinds,
          limit == null ? ContextLimits.RECALL_LIMIT_DEFAULT : limit);
    }
  }

  /** {@code kxm_state}: one key, now or as of an instant. */
  public record State(String project, String key, Instant asOf) {

    public static State read(JsonNode json) {
      Body body = Body.of(json, Set.of("project", "key", "asOf"), ErrorCode.INVALID_REQUEST);
      return new State(
          body.optionalLabel("project", ContextLimits.NAME_MAX),
          body.label("key", ContextLimits.KEY_MAX),
          body.instant("asOf"));
    }
  }

  /** {@code kxm_episode}: journal episodes, of one run or all. */
  public record Episodes(String project, String workflowRunId) {

    public static Episodes read(JsonNode json) {
      Body body = Body.of(json, Set.of("project", "workflowRunId"), ErrorCode.INVALID_REQUEST);
      return new Episodes(
          body.optionalLabel("project", ContextLimits.NAME_MAX),
          body.optionalLabel("workflowRunId", ContextLimits.ID_MAX));
    }
  }

  /**
   * {@code kxm_promote}, and an operator's proposal: a new value for one state key.
   *
   * @param proposedBy the operator's name on the admin route; null from an agent, whose name the
   *     hub fills in from its credentials
   * @param origin {@code human} on the admin route; null from an agent (peer)
   */
  public record Proposal(
      String project,
      String key,
      String summary,
      Authority authority,
      Confidence confidence,
      List<String> evidenceRefs,
      String proposedBy,
      ContextOrigin origin) {

    private static final Set<String> AGENT_FIELDS =
        Set.of("project", "key", "summary", "authority", "confidence", "evidenceRefs");

    /** An agent's proposal: {@code proposedBy} and {@code origin} are not its to choose. */
    public static Proposal read(JsonNode json) {
      return read(Body.of(json, AGENT_FIELDS, ErrorCode.CONTEXT_ITEM_INVALID), false);
    }

    /** An operator's proposal on the admin route, which names the operator. */
    public static Proposal readOperator(JsonNode json) {
      Set<String> fields = new java.util.HashSet<>(AGENT_FIELDS);
      fields.add("proposedBy");
      return read(Body.of(json, fields, ErrorCode.CONTEXT_ITEM_INVALID), true);
    }

    private static Proposal read(Body body, boolean operator) {
      return new Proposal(
          body.optionalLabel("project", ContextLimits.NAME_MAX),
          body.label("key", ContextLimits.KEY_MAX),
          Redactor.redact(body.text("summary", ContextLimits.SUMMARY_MAX)),
          body.requiredChoice("authority", Authority.class),
          body.requiredChoice("confidence", Confidence.class),
          body.strings("evidenceRefs", 1, ContextLimits.REFS_MAX, ContextLimits.REF_MAX),
          operator ? body.label("proposedBy", ContextLimits.NAME_MAX) : null,
          operator ? ContextOrigin.HUMAN : null);
    }
  }

  /** An operator's decision on a proposal. */
  public record Decision(String operator) {

    public static Decision read(JsonNode json, String field) {
      Body body = Body.of(json, Set.of(field), ErrorCode.INVALID_REQUEST);
      return new Decision(body.label(field, ContextLimits.NAME_MAX));
    }
  }

  /**
   * An item an operator or a workflow adds directly.
   *
   * @param expiresAt when it stops holding by itself, or null
   */
  public record NewItem(
      String project,
      ContextKind kind,
      String key,
      String summary,
      ContextOrigin origin,
      Authority authority,
      Confidence confidence,
      List<String> sourceRefs,
      List<String> derivedFrom,
      Instant expiresAt,
      String createdBy) {

    public static NewItem read(JsonNode json) {
      Body body =
          Body.of(
              json,
              Set.of(
                  "project",
                  "kind",
                  "key",
                  "summary",
                  "origin",
                  "authority",
                  "confidence",
                  "sourceRefs",
                  "derivedFrom",
                  "expiresAt",
                  "createdBy"),
              ErrorCode.CONTEXT_ITEM_INVALID);
      ContextKind kind = body.requiredChoice("kind", ContextKind.class);
      String key = body.optionalLabel("key", ContextLimits.KEY_MAX);
      if ((kind == ContextKind.STATE) != (key != null)) {
        throw body.refuse("key is required on state items and only on them");
      }
      List<String> refs =
          body.strings("sourceRefs", 0, ContextLimits.REFS_MAX, ContextLimits.REF_MAX);
      List<String> derived =
          body.strings("derivedFrom", 0, ContextLimits.REFS_MAX, ContextLimits.ID_MAX);
      return new NewItem(
          body.label("project", ContextLimits.NAME_MAX),
          kind,
          key,
          Redactor.redact(body.text("summary", ContextLimits.SUMMARY_MAX)),
          body.requiredChoice("origin", ContextOrigin.class),
          body.requiredChoice("authority", Authority.class),
          body.requiredChoice("confidence", Confidence.class),
          refs == null ? List.of() : refs,
          derived == null ? List.of() : derived,
          body.instant("expiresAt"),
          body.label("createdBy", ContextLimits.NAME_MAX));
    }
  }
}

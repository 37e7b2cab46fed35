package io.kxm.runtime.sync;

import static io.kxm.runtime.sync.FieldKind.BOOL;
import static io.kxm.runtime.sync.FieldKind.HASH;
import static io.kxm.runtime.sync.FieldKind.HASHES;
import static io.kxm.runtime.sync.FieldKind.ID;
import static io.kxm.runtime.sync.FieldKind.INT;
import static io.kxm.runtime.sync.FieldKind.STEPS;
import static io.kxm.runtime.sync.FieldKind.WORD;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import io.kxm.runtime.api.OutboxRow;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the event that leaves the machine from a stored one. Only listed event types carry data,
 * and of their data only listed fields of a fixed shape (ids, statuses, hashes, exit codes, step
 * ids and types); prompts, answers, questions, details and anything unlisted stay local. Strings
 * shaped like credentials become {@code [REDACTED]}. An unlisted type travels as its type, run,
 * sequence and time alone.
 *
 * <p>Run events also say the run's status as {@code status}, which the hub lists runs by.
 */
public final class SyncAllowlist {

  /** A field copied from the stored payload, under the name it has on the wire. */
  private record Field(String from, String to, FieldKind kind) {}

  private static final Map<String, List<Field>> TYPES =
      withWorkSpendAndSessions(
          Map.of(
              "run.created",
              fields("workflowId", ID, "promptSha256", HASH, "revisions", HASHES),
              "run.moved",
              List.of(new Field("to", "status", WORD), new Field("reason", "reason", WORD)),
              "run.plan_pinned",
              fields("planSha256", HASH, "steps", STEPS),
              "step.moved",
              fields("stepId", ID, "to", WORD, "detail", WORD),
              "assignment.moved",
              fields("assignmentId", ID, "stepId", ID, "agentId", ID, "to", WORD),
              "attempt.moved",
              fields(
                  "attemptId",
                  ID,
                  "assignmentId",
                  ID,
                  "stepId",
                  ID,
                  "to",
                  WORD,
                  "result",
                  WORD,
                  "detail",
                  WORD),
              "answer.recorded",
              fields("stepId", ID, "assignmentId", ID, "attemptId", ID, "agentId", ID),
              "interaction.opened",
              fields("interactionId", ID, "stepId", ID, "kind", WORD, "targetAgent", ID),
              "interaction.resolved",
              fields("interactionId", ID, "approved", BOOL, "by", ID),
              "gate.observed",
              fields(
                  "stepId",
                  ID,
                  "attemptId",
                  ID,
                  "gateId",
                  ID,
                  "observationId",
                  ID,
                  "outcome",
                  WORD,
                  "exitCode",
                  INT,
                  "evidenceSha256",
                  HASH)));

  private SyncAllowlist() {}

  /**
   * What a live attempt used and what a writing step changed travel as counts and hashes; session
   * runs travel as their lifecycle: tokens, files and lines, the patch's hash and the branch's
   * commit, never the patch, its path or the price text.
   */
  private static Map<String, List<Field>> withWorkSpendAndSessions(Map<String, List<Field>> base) {
    Map<String, List<Field>> all = new java.util.HashMap<>(base);
    all.put(
        "attempt.spent",
        fields(
            "attemptId",
            ID,
            "stepId",
            ID,
            "agentId",
            ID,
            "harness",
            WORD,
            "inputTokens",
            INT,
            "outputTokens",
            INT,
            "cacheReadTokens",
            INT,
            "cacheWriteTokens",
            INT,
            "reasoningTokens",
            INT,
            "usageSource",
            WORD));
    all.put(
        "worktree.diffed",
        fields(
            "stepId",
            ID,
            "attemptId",
            ID,
            "patchSha256",
            HASH,
            "patchBytes",
            INT,
            "files",
            INT,
            "insertions",
            INT,
            "deletions",
            INT,
            "headCommit",
            HASH));
    // A session run syncs its lifecycle alone: never its prompt, its messages or its final answer.
    for (String status :
        List.of("queued", "running", "completed", "failed", "cancelled", "interrupted")) {
      all.put(
          "session_run." + status,
          fields("sessionId", ID, "status", WORD, "outcome", WORD, "error", WORD, "harness", WORD));
    }
    return Map.copyOf(all);
  }

  /**
   * The event to send for {@code row} under the hub project {@code project}.
   *
   * @throws io.kxm.core.error.KxmException {@code sync_event_invalid} when the row's own run id,
   *     type or sequence cannot travel; the pusher parks such a row without sending it
   */
  public static SyncEvent build(OutboxRow row, String project) {
    return new SyncEvent(
        project, row.runId(), row.sequence(), row.type(), row.at(), data(row.type(), row.data()));
  }

  /** The allowlisted data of an event of {@code type}; empty for unlisted types. */
  public static ObjectNode data(String type, JsonNode stored) {
    ObjectNode out = Json.object();
    List<Field> allowed = TYPES.get(type);
    if (allowed == null || stored == null || !stored.isObject()) {
      return out;
    }
    for (Field field : allowed) {
      field
          .kind()
          .admit(field.from(), stored.get(field.from()))
          .ifPresent(v -> out.set(field.to(), v));
    }
    if (type.equals("run.created")) {
      out.put("status", "created");
    }
    return out;
  }

  /** The event types whose data is synced at all. */
  public static Set<String> types() {
    return TYPES.keySet();
  }

  private static List<Field> fields(Object... pairs) {
    List<Field> fields = new ArrayList<>();
    for (int i = 0; i < pairs.length; i += 2) {
      fields.add(new Field((String) pairs[i], (String) pairs[i], (FieldKind) pairs[i + 1]));
    }
    return List.copyOf(fields);
  }
}

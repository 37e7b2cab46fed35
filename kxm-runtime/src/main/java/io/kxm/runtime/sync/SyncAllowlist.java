package io.kxm.runtime.sync;

import static io.kxm.runtime.sync.FieldKind.BOOL;
import static io.kxm.runtime.sync.FieldKind.COUNT;
import static io.kxm.runtime.sync.FieldKind.COUNTS;
import static io.kxm.runtime.sync.FieldKind.HASH;
import static io.kxm.runtime.sync.FieldKind.HASHES;
import static io.kxm.runtime.sync.FieldKind.ID;
import static io.kxm.runtime.sync.FieldKind.INT;
import static io.kxm.runtime.sync.FieldKind.TIME;
import static io.kxm.runtime.sync.FieldKind.WORD;

import io.kxm.core.json.Json;
import io.kxm.core.sync.SyncEvent;
import io.kxm.runtime.api.OutboxRow;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds the event that leaves the machine from a stored one. Only listed event types carry data,
 * and of their data only listed fields of a fixed shape (ids, statuses, counts, hashes, exit codes,
 * durations, times); everything else stays local. Strings shaped like credentials become {@code
 * [redacted]}. An unlisted type travels as its type, run, sequence and time alone.
 */
public final class SyncAllowlist {
  private static final Map<String, FieldKind> COMMON =
      Map.of("runId", ID, "status", WORD, "previousStatus", WORD, "reasonCode", WORD);

  private static final Map<String, FieldKind> RUN =
      fields(
          "workflowId",
          ID,
          "promptHash",
          HASH,
          "planHash",
          HASH,
          "revisions",
          HASHES,
          "counts",
          COUNTS,
          "createdAt",
          TIME,
          "startedAt",
          TIME,
          "finishedAt",
          TIME,
          "durationMs",
          COUNT,
          "queuePosition",
          COUNT);

  private static final Map<String, FieldKind> STEP =
      fields(
          "stepId",
          ID,
          "stepType",
          WORD,
          "attempt",
          COUNT,
          "attemptId",
          ID,
          "outputHash",
          HASH,
          "diffHash",
          HASH,
          "counts",
          COUNTS,
          "startedAt",
          TIME,
          "finishedAt",
          TIME,
          "durationMs",
          COUNT,
          "exitCode",
          INT,
          "harness",
          WORD);

  private static final Map<String, FieldKind> GATE =
      fields(
          "stepId",
          ID,
          "gateId",
          ID,
          "attempt",
          COUNT,
          "exitCode",
          INT,
          "timedOut",
          BOOL,
          "durationMs",
          COUNT,
          "stdoutHash",
          HASH,
          "stderrHash",
          HASH,
          "stdoutBytes",
          COUNT,
          "stderrBytes",
          COUNT,
          "evidenceHash",
          HASH,
          "startedAt",
          TIME,
          "finishedAt",
          TIME);

  private static final Map<String, FieldKind> INTERACTION =
      fields(
          "interactionId",
          ID,
          "stepId",
          ID,
          "kind",
          WORD,
          "resolution",
          WORD,
          "requestedAt",
          TIME,
          "resolvedAt",
          TIME);

  private static final Map<String, FieldKind> RECEIPT =
      fields(
          "receiptKind",
          WORD,
          "headHash",
          HASH,
          "logHash",
          HASH,
          "eventCount",
          COUNT,
          "signed",
          BOOL,
          "keyId",
          ID,
          "durationMs",
          COUNT,
          "issuedAt",
          TIME);

  private static final Map<String, Map<String, FieldKind>> TYPES = byType();

  private SyncAllowlist() {}

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
    Map<String, FieldKind> allowed = TYPES.get(type);
    if (allowed == null || stored == null || !stored.isObject()) {
      return out;
    }
    allowed.forEach(
        (field, kind) -> kind.admit(field, stored.get(field)).ifPresent(v -> out.set(field, v)));
    return out;
  }

  /** The event types whose data is synced at all. */
  public static Set<String> types() {
    return TYPES.keySet();
  }

  private static Map<String, Map<String, FieldKind>> byType() {
    Map<String, Map<String, FieldKind>> types = new HashMap<>();
    for (String t :
        List.of(
            "run.created",
            "run.queued",
            "run.started",
            "run.status_changed",
            "run.waiting",
            "run.resumed",
            "run.blocked",
            "run.handed_off",
            "run.cancelling",
            "run.completed",
            "run.failed",
            "run.cancelled",
            "run.reconciled")) {
      types.put(t, RUN);
    }
    for (String t :
        List.of(
            "step.started",
            "step.completed",
            "step.failed",
            "step.skipped",
            "step.retry_pending",
            "step.handed_off",
            "attempt.started",
            "attempt.settled",
            "attempt.cancelled")) {
      types.put(t, STEP);
    }
    for (String t : List.of("gate.started", "gate.observed", "gate.passed", "gate.failed")) {
      types.put(t, GATE);
    }
    for (String t : List.of("interaction.requested", "interaction.resolved")) {
      types.put(t, INTERACTION);
    }
    for (String t : List.of("receipt.issued", "drive.started", "drive.ended")) {
      types.put(t, RECEIPT);
    }
    return Map.copyOf(types);
  }

  private static Map<String, FieldKind> fields(Object... pairs) {
    Map<String, FieldKind> fields = new LinkedHashMap<>(COMMON);
    for (int i = 0; i < pairs.length; i += 2) {
      fields.put((String) pairs[i], (FieldKind) pairs[i + 1]);
    }
    return Map.copyOf(fields);
  }
}

package io.kxm.runtime.store;

import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.core.secret.Tokens;
import java.time.Instant;
import tools.jackson.databind.node.ObjectNode;

/** Rows written in the same transaction as the events that name them. */
public sealed interface SideRow {

  /** An attempt's binding and the hash of its capability secret; the secret itself is dropped. */
  record Capability(
      String attemptId, String stepId, String assignmentId, String secretSha256, Instant at)
      implements SideRow {}

  /** The compiled plan a run pinned, as canonical JSON. */
  record Plan(String planSha256, String plan) implements SideRow {}

  /**
   * What a gate command left behind: exit code and only hashes and sizes of its output. {@link
   * #sha256()} covers every column, and the {@code gate.observed} event carries it.
   */
  record GateEvidence(
      String observationId,
      String stepId,
      String attemptId,
      String gateId,
      String outcome,
      Integer exitCode,
      String stdoutSha256,
      Long stdoutBytes,
      String stderrSha256,
      Long stderrBytes,
      Instant observedAt)
      implements SideRow {

    public String sha256(String runId) {
      ObjectNode row = Json.object();
      row.put("runId", runId);
      row.put("observationId", observationId);
      row.put("stepId", stepId);
      row.put("attemptId", attemptId);
      row.put("gateId", gateId);
      row.put("outcome", outcome);
      row.put("exitCode", exitCode);
      row.put("stdoutSha256", stdoutSha256);
      row.put("stdoutBytes", stdoutBytes);
      row.put("stderrSha256", stderrSha256);
      row.put("stderrBytes", stderrBytes);
      row.put("observedAt", observedAt.toString());
      return Tokens.sha256Hex(CanonicalJson.bytes(row));
    }
  }
}

package io.kxm.core.workflow;

import tools.jackson.databind.JsonNode;

/**
 * The workflow port of one agent: the six coordinator operations on hub webhook runs, in process
 * (the hub's MCP endpoint) or over HTTP ({@code kxm mcp}, the CLI). Bodies and answers are the JSON
 * of the hub's workflow routes, so every surface passes the same fields through unchanged and the
 * hub alone validates them.
 */
public interface WorkflowOperations {

  /** {@code {"runs": [...]}}: runs of the agent's project assigned to it. */
  JsonNode runs();

  /** {@code {"run", "journal"}}. */
  JsonNode run(String runId);

  /**
   * @param body {@code stageId, status, summary, evidence, evidenceRefs}
   * @return {@code {"run", "retry", "completed", "instruction"}}
   */
  JsonNode checkpoint(String runId, JsonNode body);

  /**
   * @param body {@code category, area, stageId, severity, summary, details, evidence,
   *     relatedEntryIds}
   * @return {@code {"entry"}}
   */
  JsonNode record(String runId, JsonNode body);

  /**
   * @param body {@code stageId, signalKey, summary, evidence, evidenceRefs, timeoutMs}
   * @return {@code {"run", "instruction"}}
   */
  JsonNode waitFor(String runId, JsonNode body);

  /** {@code {"reports", "signals", "entries"}} across the project's runs. */
  JsonNode improvementReport();
}

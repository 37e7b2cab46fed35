package io.kxm.core.context;

import tools.jackson.databind.JsonNode;

/**
 * The context port of one agent: the five context tools, in process (the hub's MCP endpoint) or
 * over HTTP ({@code kxm mcp}). Bodies are the tools' arguments and answers the JSON of the hub's
 * context routes, so every surface passes them through unchanged and the hub alone validates them.
 */
public interface ContextOperations {

  /** {@code {"packet", "audit"}}; see {@link ContextRequests.Packet}. */
  JsonNode packet(JsonNode body);

  /** {@code {"items", "unresolvedGaps", "retrieval"}}; see {@link ContextRequests.Recall}. */
  JsonNode recall(JsonNode body);

  /** {@code {"state", "key"}}; see {@link ContextRequests.State}. */
  JsonNode state(JsonNode body);

  /** {@code {"episodes"}}; see {@link ContextRequests.Episodes}. */
  JsonNode episodes(JsonNode body);

  /** {@code {"proposalId"}}; see {@link ContextRequests.Proposal}. */
  JsonNode propose(JsonNode body);
}

package io.kxm.session.api;

import tools.jackson.databind.JsonNode;

/** What a harness reports during a turn, parsed and checked; one record per protocol line. */
public sealed interface HarnessOutput {

  /** A piece of the agent's message as it streams. */
  record Delta(String text) implements HarnessOutput {}

  /** The agent's final message of the turn. */
  record Final(String text) implements HarnessOutput {}

  /** A tool call the agent made: {@code {"id", "name", "input"}}. */
  record ToolCall(JsonNode call) implements HarnessOutput {}

  /** A tool call's result: {@code {"id", "output", "isError"}}. */
  record ToolResult(JsonNode result) implements HarnessOutput {}

  /**
   * The token counts of one model call: {@code {"inputTokens", "outputTokens"}} and, when reported,
   * {@code "cacheReadTokens"}, {@code "cacheWriteTokens"}, {@code "reasoningTokens"}.
   */
  record Usage(JsonNode usage) implements HarnessOutput {}

  /**
   * The harness waits for a person: {@code kind} is {@code approval}, {@code clarification} or
   * {@code elicitation}; {@code request} is what it asks. Its answer goes back with {@link
   * HarnessTurn#answer}.
   */
  record InteractionRequest(String kind, JsonNode request) implements HarnessOutput {}

  /** A line that broke the protocol; recorded, never fatal. {@code line} is cut and redacted. */
  record ProtocolError(String reason, String line) implements HarnessOutput {}
}

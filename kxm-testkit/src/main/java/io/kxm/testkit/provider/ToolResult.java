package io.kxm.testkit.provider;

/**
 * A tool result the client sent back: the call id the model gave, the tool's name as found on the
 * matching earlier call in the same conversation (empty when the client did not replay it), and the
 * result's text.
 */
public record ToolResult(String callId, String toolName, String output) {}

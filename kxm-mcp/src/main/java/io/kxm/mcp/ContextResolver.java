package io.kxm.mcp;

import io.kxm.core.error.KxmException;
import io.kxm.core.tool.ToolContext;
import io.modelcontextprotocol.server.McpSyncServerExchange;

/** Finds the agent a tool call acts as: fixed for stdio, bound per session for HTTP. */
@FunctionalInterface
public interface ContextResolver {

  /**
   * The calling session's tool context.
   *
   * @throws KxmException when the session is bound to no agent
   */
  ToolContext resolve(McpSyncServerExchange exchange);
}

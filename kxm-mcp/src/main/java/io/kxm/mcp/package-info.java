/**
 * The KXM tool catalog served over MCP with the official Java SDK.
 *
 * <ul>
 *   <li>{@link io.kxm.mcp.stdio.StdioMcpServer}: {@code kxm mcp}, one agent per process. The CLI
 *       loads the policy with {@code ToolPolicies.load(env, ToolPolicies.sessionTokenFile(env),
 *       StatePaths.fromEnvironment(env).sessionKey(), clock)}, builds the server with a {@code
 *       PeerOperations} that talks to the hub over HTTP, calls {@code run()} and exits when it
 *       returns. Its logger must write to stderr; {@code run()} also points {@code System.out} at
 *       stderr while it serves.
 *   <li>{@link io.kxm.mcp.http.McpHttpEndpoint}: the hub's {@code /mcp}, one agent per MCP session,
 *       bound at initialize through the hub's {@link io.kxm.mcp.http.SessionBinder}.
 * </ul>
 *
 * <p>Both check the tool policy before every call and turn every refusal into an {@code isError}
 * result whose text starts with the error code. Both can push "a request arrived" to the client.
 */
package io.kxm.mcp;

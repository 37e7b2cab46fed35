package io.kxm.hub.support;

import io.kxm.mcp.McpJson;
import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.spec.McpSchema;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.function.Consumer;

/** An agent on a hub's {@code /mcp}, through the MCP SDK's own Streamable HTTP client. */
public final class McpAgents {
  private McpAgents() {}

  /** Connects and initializes {@code agent} with a project {@code token}. */
  public static McpSyncClient connect(String baseUrl, String token, String agent) {
    return connect(baseUrl, token, agent, notice -> {});
  }

  /** As above, handing each log notification the hub pushes (arriving requests) to {@code logs}. */
  public static McpSyncClient connect(
      String baseUrl,
      String token,
      String agent,
      Consumer<McpSchema.LoggingMessageNotification> logs) {
    HttpRequest.Builder request =
        HttpRequest.newBuilder()
            .header("Authorization", "Bearer " + token)
            .header("X-KXM-Agent-Name", agent);
    McpSyncClient client =
        McpClient.sync(
                HttpClientStreamableHttpTransport.builder(baseUrl)
                    .endpoint("/mcp")
                    .requestBuilder(request)
                    .jsonMapper(McpJson.mapper())
                    .build())
            .requestTimeout(Duration.ofSeconds(20))
            .loggingConsumer(logs)
            .build();
    client.initialize();
    return client;
  }
}

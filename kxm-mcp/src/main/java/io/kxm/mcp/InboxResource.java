package io.kxm.mcp;

import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicyDecision;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;

/**
 * {@code kxm://inbox}: the calling agent's open inbound requests, the same list {@code kxm_inbox}
 * returns. It exists so that a push ({@code notifications/resources/updated}) names something a
 * client can read.
 */
public final class InboxResource {
  /** The resource URI that inbound pushes point at. */
  public static final String URI = "kxm://inbox";

  private InboxResource() {}

  public static SyncResourceSpecification of(ActivePolicy policy, ContextResolver contexts) {
    McpSchema.Resource resource =
        McpSchema.Resource.builder(URI, "inbox")
            .description("Requests addressed to you that still need a reply.")
            .mimeType("application/json")
            .build();
    return new SyncResourceSpecification(
        resource,
        (exchange, request) -> {
          // Reading the inbox this way is kxm_inbox by another name, so the same policy applies.
          if (policy.check("kxm_inbox") instanceof PolicyDecision.Denied denied) {
            throw failure(denied.code().code() + ": " + denied.message());
          }
          try {
            String json =
                Json.write(Map.of("messages", contexts.resolve(exchange).peers().inbox()));
            return McpSchema.ReadResourceResult.builder(
                    List.of(
                        McpSchema.TextResourceContents.builder(URI, json)
                            .mimeType("application/json")
                            .build()))
                .build();
          } catch (KxmException e) {
            throw failure(e.code().code() + ": " + e.getMessage());
          }
        });
  }

  private static McpError failure(String message) {
    return McpError.builder(McpSchema.ErrorCodes.INTERNAL_ERROR).message(message).build();
  }
}

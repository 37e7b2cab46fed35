package io.kxm.mcp.http;

import io.kxm.core.policy.ActivePolicy;
import io.kxm.mcp.InMemoryHub;
import io.kxm.mcp.McpServerOptions;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Endpoints as the hub will build them, with test doubles for its callbacks: tokens "token-a" and
 * "token-b" stand for two projects, and each project's agents live in an {@link InMemoryHub}.
 */
final class TestEndpoints {
  final Map<String, InMemoryHub> hubs = new ConcurrentHashMap<>();

  /** Every bind call as "project/agent/purpose". */
  final List<String> bound = new CopyOnWriteArrayList<>();

  McpHttpEndpoint<String> open(ActivePolicy policy) {
    BearerAuthenticator<String> tokens =
        token ->
            Optional.ofNullable(token)
                .map(Map.of("token-a", "project-a", "token-b", "project-b")::get);
    SessionBinder<String> binder =
        (project, agent, purpose) -> {
          bound.add(project + "/" + agent + "/" + purpose);
          return hubs.computeIfAbsent(project, p -> new InMemoryHub("bob")).as(agent);
        };
    return McpHttpEndpoint.builder(tokens, binder)
        .options(McpServerOptions.defaults("test").withPolicy(policy))
        .allowedHosts(List.of("127.0.0.1:*", "localhost:*"))
        .allowedOrigins(List.of("http://localhost:*"))
        .build();
  }
}

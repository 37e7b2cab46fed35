package io.kxm.client;

import java.net.URI;
import java.util.Objects;

/**
 * Where and as whom an agent connects.
 *
 * @param hub the hub's base URL
 * @param project the project to register in
 * @param token the project's token; never logged or printed
 * @param tokenSource where the token came from, for messages (for example {@code KXM_AUTH_TOKEN})
 * @param agent what the agent declares
 */
public record ConnectionSettings(
    URI hub, String project, String token, String tokenSource, AgentSpec agent) {
  public ConnectionSettings {
    Objects.requireNonNull(hub, "hub");
    Objects.requireNonNull(project, "project");
    Objects.requireNonNull(token, "token");
    Objects.requireNonNull(tokenSource, "tokenSource");
    Objects.requireNonNull(agent, "agent");
  }

  /** Never prints the token. */
  @Override
  public String toString() {
    return "ConnectionSettings[hub=%s, project=%s, token from %s, agent=%s]"
        .formatted(hub, project, tokenSource, agent.name());
  }
}

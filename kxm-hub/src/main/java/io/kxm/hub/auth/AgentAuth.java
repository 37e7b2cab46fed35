package io.kxm.hub.auth;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;

/**
 * The check for agent routes: the bearer token and the agent key must agree on the project. A
 * project token acts only for its own project's agents; the admin token acts only for agents of
 * projects that have no token of their own.
 */
public final class AgentAuth {
  /** The header that carries an agent's key. */
  public static final String HEADER = "X-KXM-Agent-Key";

  private final AgentKeyVerifier verifier;
  private final HubCredentials credentials;

  public AgentAuth(AgentKeyVerifier verifier, HubCredentials credentials) {
    this.verifier = verifier;
    this.credentials = credentials;
  }

  /**
   * @param principal who the bearer token proved
   * @param agentKey the {@code X-KXM-Agent-Key} header, or null
   * @throws KxmException {@code agent_key_invalid} for a missing or unknown key, {@code
   *     project_forbidden} when the token may not act for the agent's project
   */
  public AgentIdentity require(Principal principal, String agentKey) {
    if (agentKey == null || agentKey.isBlank()) {
      throw new KxmException(
          ErrorCode.AGENT_KEY_INVALID, "this route needs the " + HEADER + " header");
    }
    AgentIdentity agent =
        verifier
            .verify(agentKey.trim())
            .orElseThrow(() ->
                new KxmException(ErrorCode.AGENT_KEY_INVALID, "the agent key is not current"));
    boolean allowed =
        switch (principal) {
          case Principal.Project p -> p.name().equals(agent.project());
          case Principal.Admin a -> !credentials.hasProjectToken(agent.project());
        };
    if (!allowed) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "agent "
              + agent.agentId()
              + " belongs to project '"
              + agent.project()
              + "', which this token may not act for");
    }
    return agent;
  }
}

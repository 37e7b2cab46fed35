package io.kxm.hub.agents;

import io.javalin.http.Context;
import io.kxm.core.agent.Agent;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.AgentAuth;
import io.kxm.hub.auth.AgentIdentity;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.auth.ProjectNames;
import io.kxm.hub.console.ConsoleSession;
import io.kxm.hub.console.HumanAgent;
import io.kxm.hub.http.HubRequest;
import io.kxm.store.Store;
import java.util.Optional;

/**
 * The credential check of every {@code /v1/agents/{agentId}/…} route: the bearer token must be
 * allowed to act for the agent's project and {@code X-KXM-Agent-Key} must be the agent's current
 * key. An unknown agent id is refused exactly like a wrong key, so ids cannot be probed.
 */
public final class AgentGuard {
  public static final String AGENT_ID = "agentId";

  private final Store store;
  private final HubCredentials credentials;

  public AgentGuard(Store store, HubCredentials credentials) {
    this.store = store;
    this.credentials = credentials;
  }

  /** The agent named by the path, proven by token and key. */
  public Agent require(Context ctx) {
    Principal principal = HubRequest.requirePrincipal(ctx);
    String agentId = ctx.pathParam(AGENT_ID);
    String key = keyOf(ctx, agentId);
    Optional<Agent> proven =
        key == null
            ? Optional.empty()
            : store.read(tx -> tx.agents().findByKey(agentId, key.strip()));
    new AgentAuth(
            presented -> proven.map(agent -> new AgentIdentity(agent.project(), agent.id())),
            credentials)
        .require(principal, key);
    return proven.orElseThrow();
  }

  /**
   * The {@code X-KXM-Agent-Key} header; without one, a console session acts for its operator's
   * human agent, whose key never leaves the hub.
   */
  private static String keyOf(Context ctx, String agentId) {
    String header = ctx.header(AgentAuth.HEADER);
    if (header != null) {
      return header;
    }
    return HubRequest.console(ctx)
        .flatMap(ConsoleSession::human)
        .filter(human -> human.agentId().equals(agentId))
        .map(HumanAgent::key)
        .orElse(null);
  }

  /**
   * Whether {@code principal} may register agents in {@code project}: its own project token, or the
   * admin token for a project without one.
   */
  public void requireMayRegister(Principal principal, String project) {
    credentials
        .projectSpelledOtherwise(project)
        .ifPresent(existing -> {
          throw ProjectNames.taken(project, existing);
        });
    boolean allowed =
        switch (principal) {
          case Principal.Project p -> p.name().equals(project);
          case Principal.Admin a -> !credentials.hasProjectToken(project);
        };
    if (!allowed) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          principal instanceof Principal.Admin
              ? "project '" + project + "' has its own token; register with it, not the admin token"
              : "this token belongs to another project and may not register agents in '"
                  + project
                  + "'");
    }
  }
}

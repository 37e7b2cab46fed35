package io.kxm.core.agent;

import io.kxm.core.check.Require;
import java.time.Instant;
import java.util.Locale;

/**
 * A registered agent as the hub sees it. The agent key is deliberately absent: only its hash is
 * stored, and it never leaves the store.
 *
 * @param id stable identifier, {@code agt_…}, kept across reconnects under the same name
 * @param project the project the agent belongs to
 * @param name unique in the project, compared case-insensitively
 * @param model the model the agent declared, or null
 * @param host the host label the agent declared, or null
 * @param leaseExpiresAt end of the presence lease; after it the agent is no longer online
 */
public record Agent(
    String id,
    String project,
    String name,
    String purpose,
    String model,
    String host,
    Instant createdAt,
    Instant connectedAt,
    Instant lastSeenAt,
    Instant leaseExpiresAt) {

  public Agent {
    Require.label(id, "agent id", 64);
    Require.label(project, "project", AgentLimits.PROJECT_CHARS);
    Require.label(name, "agent name", AgentLimits.NAME_CHARS);
    Require.optionalText(purpose, "purpose", AgentLimits.PURPOSE_CHARS);
    Require.optionalText(model, "model", AgentLimits.LABEL_CHARS);
    Require.optionalText(host, "host", AgentLimits.LABEL_CHARS);
    Require.present(createdAt, "createdAt");
    Require.present(connectedAt, "connectedAt");
    Require.present(lastSeenAt, "lastSeenAt");
    Require.present(leaseExpiresAt, "leaseExpiresAt");
  }

  /** The form names are compared in: lower case, locale-independent. */
  public static String nameKey(String name) {
    return name.toLowerCase(Locale.ROOT);
  }

  /** Whether the presence lease still runs at {@code now}. */
  public boolean onlineAt(Instant now) {
    return now.isBefore(leaseExpiresAt);
  }
}

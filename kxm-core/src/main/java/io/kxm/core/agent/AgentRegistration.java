package io.kxm.core.agent;

import io.kxm.core.check.Require;
import java.time.Duration;

/**
 * What an agent sends to register or reconnect. A name already registered in the project is the
 * same agent reconnecting: it keeps its id and gets the new key.
 *
 * @param keyHash SHA-256 of the freshly issued agent key (see {@link AgentKeys#hash}); a raw key is
 *     refused by shape
 * @param presence how long the presence lease runs before the agent must renew it
 */
public record AgentRegistration(
    String project,
    String name,
    String purpose,
    String model,
    String host,
    String keyHash,
    Duration presence) {

  public AgentRegistration {
    Require.label(project, "project", AgentLimits.PROJECT_CHARS);
    Require.label(name, "agent name", AgentLimits.NAME_CHARS);
    Require.optionalText(purpose, "purpose", AgentLimits.PURPOSE_CHARS);
    Require.optionalText(model, "model", AgentLimits.LABEL_CHARS);
    Require.optionalText(host, "host", AgentLimits.LABEL_CHARS);
    Require.sha256Hex(keyHash, "keyHash");
    Require.between(presence, AgentLimits.MIN_PRESENCE, AgentLimits.MAX_PRESENCE, "presence lease");
  }
}

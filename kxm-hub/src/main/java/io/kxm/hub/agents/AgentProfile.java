package io.kxm.hub.agents;

import io.kxm.core.agent.AgentNames;
import io.kxm.core.peer.Limits;

/**
 * What an agent declares when it registers.
 *
 * @param name 1 to 80 letters, digits, '.', '_' or '-' with at least one letter or digit; unique in
 *     the project ignoring case; never one of {@link AgentNames#RESERVED}
 * @param purpose what it is for, up to 500 characters, or null
 * @param model the model it runs, up to 200 characters, or null
 * @param host a label for the machine it runs on, up to 200 characters, or null
 */
public record AgentProfile(String name, String purpose, String model, String host) {
  public static final int NAME_MAX = 80;
  public static final int PURPOSE_MAX = 500;
  public static final int LABEL_MAX = 200;

  public AgentProfile {
    name = AgentNames.requireClaimable(Limits.required("name", name, NAME_MAX));
    purpose = blankToNull(Limits.optional("purpose", purpose, PURPOSE_MAX));
    model = blankToNull(Limits.optional("model", model, LABEL_MAX));
    host = blankToNull(Limits.optional("host", host, LABEL_MAX));
  }

  public static AgentProfile named(String name, String purpose) {
    return new AgentProfile(name, purpose, null, null);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}

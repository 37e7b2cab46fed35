package io.kxm.client;

import io.kxm.core.peer.Limits;

/**
 * What an agent declares when it registers.
 *
 * @param name 1 to 80 characters {@code [A-Za-z0-9._-]}; reconnecting under a name keeps the agent
 * @param purpose what it is for, or null
 * @param model the model it runs, or null
 * @param host a label for the machine, or null
 */
public record AgentSpec(String name, String purpose, String model, String host) {
  public AgentSpec {
    name = Limits.required("agent name", name, Limits.TARGET_MAX).strip();
    purpose = blankToNull(purpose);
    model = blankToNull(model);
    host = blankToNull(host);
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}

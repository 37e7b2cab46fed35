package io.kxm.runtime.drive;

import io.kxm.runtime.api.AgentRoute;

/**
 * What an agent is told about itself before its step's prompt: its id, its role and the purpose its
 * reviewed file gives it, so one prompt template serves agents of different roles.
 */
final class RoleContext {
  private RoleContext() {}

  static String of(AgentRoute route) {
    StringBuilder out = new StringBuilder("# Your role\n\nYou are the agent '");
    out.append(route.agentId()).append('\'');
    if (route.role() != null) {
      out.append(" in the role '").append(route.role()).append('\'');
    }
    out.append(" of this project's workflow.");
    if (route.purpose() != null && !route.purpose().isBlank()) {
      out.append(" Your purpose: ").append(route.purpose().strip());
    }
    return out.toString();
  }
}

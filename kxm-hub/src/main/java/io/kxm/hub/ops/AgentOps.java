package io.kxm.hub.ops;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.Presence;
import io.kxm.hub.stream.EventAppender;
import java.util.LinkedHashMap;
import java.util.Map;

/** Operations entries about agents: registered, presence changed, retired. */
public final class AgentOps {
  public static final String REGISTERED = "agent.registered";
  public static final String PRESENCE = "agent.presence";
  public static final String RETIRED = "agent.retired";

  private AgentOps() {}

  /** A new agent, or one reconnecting under its name (then only its presence changed). */
  public static void registered(EventAppender events, Agent agent, boolean created) {
    events.ops(
        agent.project(), created ? REGISTERED : PRESENCE, fields(agent, Presence.ONLINE.wire()));
  }

  public static void presence(EventAppender events, Agent agent, Presence presence) {
    events.ops(agent.project(), PRESENCE, fields(agent, presence.wire()));
  }

  public static void retired(EventAppender events, Agent agent) {
    events.ops(agent.project(), RETIRED, fields(agent, Presence.OFFLINE.wire()));
  }

  static Map<String, Object> fields(Agent agent, String presence) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("agentId", agent.id());
    data.put("name", agent.name());
    data.put("purpose", agent.purpose() == null ? "" : agent.purpose());
    data.put("presence", presence);
    return data;
  }
}

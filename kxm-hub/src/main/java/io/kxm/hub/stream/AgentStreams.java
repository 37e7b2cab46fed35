package io.kxm.hub.stream;

/** How an agent's event stream is named on the {@link io.kxm.fanout.LiveBus}. */
public final class AgentStreams {
  private static final String PREFIX = "agent.";

  private AgentStreams() {}

  /** The live stream of one agent, for example {@code agent.agt_01…}. */
  public static String key(String agentId) {
    return PREFIX + agentId;
  }

  /** The agent a stream key names; the inverse of {@link #key}. */
  public static String agentId(String streamKey) {
    if (!streamKey.startsWith(PREFIX)) {
      throw new IllegalArgumentException("not an agent stream: " + streamKey);
    }
    return streamKey.substring(PREFIX.length());
  }
}

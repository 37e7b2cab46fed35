package io.kxm.knowledge;

/**
 * One participant of a forum round: an agent run through a harness in real use (given the forum MCP
 * server by {@link ForumTurn#mcpArguments()}), a simulated agent in tests. A turn returns when the
 * agent is finished with the round; an interrupt means the round closed under it.
 */
@FunctionalInterface
public interface ForumParticipant {
  void takeTurn(ForumTurn turn) throws Exception;
}

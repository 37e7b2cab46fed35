package io.kxm.knowledge;

import java.nio.file.Path;
import java.util.List;

/**
 * One participant's turn in a round.
 *
 * @param tools the forum toolset bound to this agent and round, for in-process participants
 * @param database the knowledge database file, for participants that run the MCP server
 */
public record ForumTurn(String agent, RoundState round, ForumSession tools, Path database) {
  /**
   * The {@code kxm} arguments that serve this turn's toolset over stdio MCP: {@code knowledge mcp
   * --db FILE --room ROOM --round N --agent NAME}.
   */
  public List<String> mcpArguments() {
    return List.of(
        "knowledge",
        "mcp",
        "--db",
        database.toString(),
        "--room",
        round.room().id(),
        "--round",
        Integer.toString(round.round()),
        "--agent",
        agent);
  }
}

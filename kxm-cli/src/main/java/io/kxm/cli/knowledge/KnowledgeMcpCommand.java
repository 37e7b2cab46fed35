package io.kxm.cli.knowledge;

import io.kxm.cli.CliContext;
import io.kxm.core.Version;
import io.kxm.knowledge.Forum;
import io.kxm.knowledge.ForumSession;
import io.kxm.knowledge.ForumToolset;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.KnowledgeStores;
import io.kxm.mcp.stdio.StdioToolServer;
import io.kxm.runtime.store.RuntimeDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm knowledge mcp}: the five forum tools of one agent in one forum round, over MCP stdio.
 * The round must have been opened by the orchestrator; the tools act on the same database (the
 * file, or the runtime's PostgreSQL schema when {@code KXM_RUNTIME_DATABASE_URL} is set), so the
 * orchestrator sees posts and done signals as they are made.
 */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the forum tools (query, forum_read, knowledge, forum_post, forum_signal_done) of",
      "one agent in one forum round over MCP stdio; exits when stdin closes."
    })
public final class KnowledgeMcpCommand implements Callable<Integer> {
  static final String INSTRUCTIONS =
      "You take part in a forum round about solving tasks. Read first (query or knowledge), then"
          + " post what you learned with forum_post, reply to others' posts, and call"
          + " forum_signal_done when you have nothing more to add.";

  private final CliContext context;

  @Option(names = "--db", required = true, paramLabel = "FILE", description = "Knowledge database")
  Path db;

  @Option(names = "--room", required = true, paramLabel = "ROOM", description = "Room id")
  String room;

  @Option(names = "--round", required = true, paramLabel = "N", description = "Round number")
  int round;

  @Option(names = "--agent", required = true, paramLabel = "NAME", description = "Agent name")
  String agent;

  public KnowledgeMcpCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    RuntimeDatabase where = RuntimeDatabase.fromEnvironment(context.env());
    try (KnowledgeStore database =
        KnowledgeStores.open(where, context.workingDir().resolve(db), Clock.systemUTC())) {
      ForumSession session = new Forum(database).session(room, round, agent);
      StdioToolServer server =
          new StdioToolServer(
              "kxm-forum",
              Version.current(),
              INSTRUCTIONS,
              ForumToolSpecifications.of(new ForumToolset(session)),
              System.in,
              System.out);
      Thread hook = new Thread(server::close, "kxm-forum-exit");
      Runtime.getRuntime().addShutdownHook(hook);
      context
          .err()
          .println("kxm knowledge mcp: agent " + agent + " in room " + room + ", round " + round);
      context.err().flush();
      try {
        server.run();
      } finally {
        try {
          Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
          // The JVM is already shutting down; the hook only stops a server that has stopped.
        }
      }
    }
    return 0;
  }
}

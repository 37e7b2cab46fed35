package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code kxm session close} and {@code kxm session delete}: ending a session for good. */
public final class SessionCloseCommands {
  private SessionCloseCommands() {}

  /** {@code kxm session close SESSION}. */
  @Command(
      name = "close",
      mixinStandardHelpOptions = true,
      description = {
        "Close a session: it takes no new turns, and its queued and running runs are cancelled.",
        "Its history, runs and events stay readable (and verifiable) until it is deleted.",
        "Exit code 0 when it is closed; closing a closed session changes nothing."
      })
  public static final class Close implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", paramLabel = "SESSION", description = "The session ID (ses_...).")
    String sessionId;

    @Option(names = "--json", description = "Print the closed session and its runs as JSON.")
    boolean json;

    public Close(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      JsonNode closed = SessionApi.connect(context).close(sessionId);
      if (json) {
        context.out().println(Json.write(closed));
      } else {
        context
            .out()
            .println(
                "closed "
                    + sessionId
                    + " at "
                    + SessionText.text(closed.path("session"), "closedAt")
                    + "; delete it with: kxm session delete "
                    + sessionId);
      }
      context.out().flush();
      return 0;
    }
  }

  /** {@code kxm session delete SESSION}. */
  @Command(
      name = "delete",
      mixinStandardHelpOptions = true,
      description = {
        "Delete a closed session with everything stored of it: runs, events, messages and",
        "questions. An open session is refused (close it first with 'kxm session close').",
        "Exit code 0 when it is deleted."
      })
  public static final class Delete implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", paramLabel = "SESSION", description = "The session ID (ses_...).")
    String sessionId;

    @Option(names = "--json", description = "Print {\"deleted\": sessionId} as JSON.")
    boolean json;

    public Delete(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      SessionApi.connect(context).delete(sessionId);
      if (json) {
        context.out().println(Json.write(Map.of("deleted", sessionId)));
      } else {
        context.out().println("deleted " + sessionId);
      }
      context.out().flush();
      return 0;
    }
  }
}

package io.kxm.cli.session;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The reads of agent sessions: list and show. */
public final class SessionReadCommands {
  private SessionReadCommands() {}

  @Command(
      name = "list",
      mixinStandardHelpOptions = true,
      description = "List the sessions on the runtime supervisor, most recently active first.")
  public static final class List implements Callable<Integer> {
    private final CliContext context;

    @Spec CommandSpec spec;

    @Option(
        names = "--limit",
        paramLabel = "N",
        defaultValue = "50",
        description = "Show at most N sessions (default: ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--json", description = "Print {\"sessions\": [...]} as JSON.")
    boolean json;

    public List(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      if (limit < 1) {
        throw new CommandLine.ParameterException(
            spec.commandLine(), "--limit takes a number of sessions, 1 or more, not " + limit);
      }
      JsonNode answer = SessionApi.connect(context).list(limit);
      if (json) {
        context.out().println(Json.write(answer));
      } else if (answer.path("sessions").isEmpty()) {
        context
            .out()
            .println("no sessions yet; create one with: kxm session new -- PROGRAM [ARGS...]");
      } else {
        answer.path("sessions").forEach(session -> SessionText.summary(context.out(), session));
      }
      context.out().flush();
      return 0;
    }
  }

  @Command(
      name = "show",
      mixinStandardHelpOptions = true,
      description = "Show a session: its agent, its runs with their results, and its messages.")
  public static final class Show implements Callable<Integer> {
    private final CliContext context;

    @Parameters(index = "0", paramLabel = "SESSION", description = "The session ID (ses_...).")
    String sessionId;

    @Option(names = "--messages", description = "Print the messages, not only their count.")
    boolean messages;

    @Option(
        names = "--json",
        description = "Print {\"session\", \"runs\", \"messageCount\"} (and \"messages\") as JSON.")
    boolean json;

    public Show(CliContext context) {
      this.context = context;
    }

    @Override
    public Integer call() {
      SessionApi api = SessionApi.connect(context);
      JsonNode shown = api.show(sessionId);
      JsonNode history = api.messages(sessionId).path("messages");
      if (json) {
        ObjectNode answer = Json.object();
        answer.set("session", shown.path("session"));
        answer.set("runs", shown.path("runs"));
        answer.put("messageCount", history.size());
        if (messages) {
          answer.set("messages", history);
        }
        context.out().println(Json.write(answer));
      } else {
        SessionText.session(context.out(), shown.path("session"));
        context.out().println("  runs: " + shown.path("runs").size());
        shown.path("runs").forEach(run -> SessionText.runLine(context.out(), run, "    "));
        context.out().println("  messages: " + history.size());
        if (messages) {
          history.forEach(message -> SessionText.message(context.out(), message));
        }
      }
      context.out().flush();
      return 0;
    }
  }
}

package io.kxm.cli.hook;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm hook session-start}: the brief a session starts with, for the Claude Code plugin's
 * SessionStart hook and for anyone who wants it by hand. Always exits 0: a hub that is down or a
 * part that is slow is a line of the brief, not a failed session start.
 */
@Command(
    name = "session-start",
    mixinStandardHelpOptions = true,
    description = {
      "Print the brief an agent session starts with.",
      "The hub (URL, up or not, agents online), this agent's open requests (KXM_AGENT_NAME), up"
          + " to three active runs of this project and the project memory brief. Reads only and"
          + " finishes within about 3 seconds; exits 0 even when the hub is down. Reads the same"
          + " settings as kxm mcp."
    })
public final class SessionStartCommand implements Callable<Integer> {
  private final CliContext context;

  @ArgGroup(exclusive = true)
  Format format = new Format();

  static final class Format {
    @Option(names = "--json", description = "Print the brief's fields as JSON.")
    boolean json;

    @Option(
        names = "--claude-hook-json",
        description =
            "Print the text as Claude Code hook output:"
                + " {\"hookSpecificOutput\": {\"hookEventName\": \"SessionStart\","
                + " \"additionalContext\": ...}}.")
    boolean claudeHookJson;
  }

  public SessionStartCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Map<String, Object> brief = SessionStartBrief.gather(context);
    if (format.json) {
      context.out().println(Json.write(brief));
    } else if (format.claudeHookJson) {
      context
          .out()
          .println(
              ClaudeHookOutput.of(
                  "SessionStart", Map.of("additionalContext", SessionStartBrief.text(brief))));
    } else {
      context.out().print(SessionStartBrief.text(brief));
    }
    context.out().flush();
    return 0;
  }
}

package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.hub.auth.HubCredentials;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kxm auth project-token create <project>}: mints a token and saves it in {@code
 * hub-env.json} (0600). A running hub accepts it without a restart.
 */
@Command(
    name = "create",
    mixinStandardHelpOptions = true,
    description = {
      "Create a token for one project and save it in hub-env.json (mode 0600).",
      "Give it to that project's agents as KXM_AUTH_TOKEN; a running hub accepts it at once."
    })
public final class ProjectTokenCreateCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "PROJECT", description = "Project name.")
  String project;

  @Option(names = "--json", description = "Print {\"project\": …, \"token\": …}.")
  boolean json;

  public ProjectTokenCreateCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    HubCredentials credentials = HubCredentials.load(context.statePaths().hubEnv());
    String token = credentials.createProjectToken(project);
    if (json) {
      Map<String, String> out = new LinkedHashMap<>();
      out.put("project", project);
      out.put("token", token);
      context.out().println(Json.write(out));
    } else {
      context.out().println(token);
      context.err().println("saved for project " + project + " in " + credentials.file());
    }
    return 0;
  }
}

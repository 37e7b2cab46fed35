package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import io.kxm.hub.auth.ProjectNames;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kxm auth project-token rotate <project>}: a new token; the old one stops at once. */
@Command(
    name = "rotate",
    mixinStandardHelpOptions = true,
    description = {
      "Replace a project's token on the running hub; every hub node refuses the old one at once.",
      "The new token is printed this once and kept by the hub as a hash only; give it to the"
          + " project's agents as KXM_AUTH_TOKEN."
    })
public final class ProjectTokenRotateCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "PROJECT", description = "Project name.")
  String project;

  @Option(names = "--json", description = "Print {\"project\": …, \"token\": …}.")
  boolean json;

  public ProjectTokenRotateCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    ProjectNames.require(project);
    var answer = TokenAdmin.call(context, admin -> admin.rotateProject(project));
    TokenAdmin.printIssued(context, answer, json);
    if (!json) {
      context
          .err()
          .println(
              "rotated the token of project "
                  + project
                  + " (generation "
                  + answer.path("generation").asLong()
                  + "); the old token is refused from now on");
    }
    return 0;
  }
}

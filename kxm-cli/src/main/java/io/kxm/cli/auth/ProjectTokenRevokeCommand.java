package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import io.kxm.hub.auth.ProjectNames;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** {@code kxm auth project-token revoke <project>}: the project's tokens stop working at once. */
@Command(
    name = "revoke",
    mixinStandardHelpOptions = true,
    description = {
      "Revoke every token of a project on the running hub; every hub node refuses them at once.",
      "Make a new one later with 'kxm auth project-token create <project>'."
    })
public final class ProjectTokenRevokeCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "PROJECT", description = "Project name.")
  String project;

  public ProjectTokenRevokeCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    ProjectNames.require(project);
    TokenAdmin.call(context, admin -> admin.revokeProject(project));
    context.out().println("revoked the token of project " + project);
    return 0;
  }
}

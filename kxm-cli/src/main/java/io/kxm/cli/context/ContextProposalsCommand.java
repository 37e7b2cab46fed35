package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/** {@code kxm context proposals}: state proposals waiting for, or past, an operator's decision. */
@Command(
    name = "proposals",
    mixinStandardHelpOptions = true,
    description = "List a project's state proposals, newest first (pending ones by default).")
public final class ContextProposalsCommand extends OperatorCommand {
  @Option(
      names = "--status",
      defaultValue = "pending",
      description = "pending, promoted," + " rejected or all; default ${DEFAULT-VALUE}.")
  String status;

  public ContextProposalsCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    return print(
        call(admin -> admin.proposals(project(), "all".equals(status) ? null : status)),
        this::text);
  }

  private void text(JsonNode answer) {
    for (JsonNode p : answer.path("proposals")) {
      line(
          p.path("id").asString()
              + "  "
              + p.path("status").asString()
              + "  "
              + p.path("key").asString()
              + "  by "
              + p.path("proposedBy").asString()
              + " ("
              + p.path("origin").asString()
              + ", "
              + p.path("authority").asString()
              + ")  "
              + oneLine(p.path("summary").asString(), 80));
    }
    if (answer.path("proposals").isEmpty()) {
      line("no " + ("all".equals(status) ? "" : status + " ") + "proposals");
    }
  }
}

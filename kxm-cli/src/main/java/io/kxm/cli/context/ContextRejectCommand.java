package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code kxm context reject}: decline a proposal; state stays as it is. */
@Command(
    name = "reject",
    mixinStandardHelpOptions = true,
    description =
        "Reject a state proposal; needs the admin token and someone other than its author.")
public final class ContextRejectCommand extends OperatorCommand {
  @Parameters(paramLabel = "PROPOSAL_ID", description = "From kxm context proposals.")
  String proposalId;

  @Option(names = "--as", description = "Your name; else KXM_OPERATOR, else USER.")
  String as;

  public ContextRejectCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    return print(call(admin -> admin.reject(proposalId, operator(as))), this::text);
  }

  private void text(JsonNode answer) {
    line("rejected " + proposalId + " (" + answer.path("proposal").path("key").asString() + ")");
  }
}

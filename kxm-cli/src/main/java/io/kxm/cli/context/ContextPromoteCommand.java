package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/** {@code kxm context promote}: make a proposal the key's current state. */
@Command(
    name = "promote",
    mixinStandardHelpOptions = true,
    description = {
      "Promote a state proposal to the key's current value.",
      "Needs the admin token, and a promoter (--as) other than the proposal's author."
    })
public final class ContextPromoteCommand extends OperatorCommand {
  @Parameters(paramLabel = "PROPOSAL_ID", description = "From kxm context proposals.")
  String proposalId;

  @Option(names = "--as", description = "Your name; else KXM_OPERATOR, else USER.")
  String as;

  public ContextPromoteCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    return print(call(admin -> admin.promote(proposalId, operator(as))), this::text);
  }

  private void text(JsonNode answer) {
    JsonNode item = answer.path("item");
    line(
        "promoted "
            + proposalId
            + ": "
            + item.path("key").asString()
            + " is now "
            + oneLine(item.path("summary").asString(), 100)
            + " ("
            + item.path("id").asString()
            + ")");
  }
}

package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm context get}: the packet {@code kxm_context} would build, with its audit. */
@Command(
    name = "get",
    mixinStandardHelpOptions = true,
    description = "Build the token-budgeted context packet a role would get for a task.")
public final class ContextGetCommand extends OperatorCommand {
  @Option(
      names = "--role",
      required = true,
      description = "repro, planner, critic, implementer," + " verifier, or a custom role.")
  String role;

  @Option(names = "--task", required = true, description = "What the role is trying to do.")
  String task;

  @Option(names = "--budget-tokens", description = "512 to 200000; defaults by role.")
  Integer budgetTokens;

  @Option(
      names = "--include-kinds",
      split = ",",
      description = "evidence, state, episode," + " knowledge, skill; all by default.")
  List<String> includeKinds;

  @Option(names = "--workflow-run-id", description = "Recorded in the audit only.")
  String workflowRunId;

  @Option(names = "--stage-id", description = "Recorded in the audit only.")
  String stageId;

  public ContextGetCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    ObjectNode body = Json.object().put("project", project()).put("role", role).put("task", task);
    if (budgetTokens != null) {
      body.put("budgetTokens", budgetTokens);
    }
    if (includeKinds != null) {
      body.set("includeKinds", Json.MAPPER.valueToTree(includeKinds));
    }
    if (workflowRunId != null) {
      body.put("workflowRunId", workflowRunId);
    }
    if (stageId != null) {
      body.put("stageId", stageId);
    }
    return print(call(admin -> admin.packet(body)), this::text);
  }

  private void text(JsonNode answer) {
    JsonNode audit = answer.path("audit");
    line(
        "packet for "
            + role
            + ": "
            + answer.path("packet").path("items").size()
            + " items, "
            + audit.path("tokenEstimate").asInt()
            + " of "
            + audit.path("budgetTokens").asInt()
            + " tokens ("
            + audit.path("skipped").path("overBudget").asInt()
            + " left out for the budget)");
    for (JsonNode item : answer.path("packet").path("items")) {
      line(
          "  "
              + item.path("id").asString()
              + "  "
              + item.path("kind").asString()
              + "/"
              + item.path("authority").asString()
              + "  "
              + oneLine(item.path("summary").asString(), 100));
    }
  }
}

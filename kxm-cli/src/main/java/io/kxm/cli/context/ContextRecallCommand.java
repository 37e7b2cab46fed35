package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm context recall}: search current context items, as {@code kxm_recall} does. */
@Command(
    name = "recall",
    mixinStandardHelpOptions = true,
    description = "Search a project's current context items; no query lists them by ID.")
public final class ContextRecallCommand extends OperatorCommand {
  @Parameters(arity = "0..1", paramLabel = "QUERY", description = "Up to 500 characters.")
  String query;

  @Option(names = "--kinds", split = ",", description = "Item kinds to include; all by default.")
  List<String> kinds;

  @Option(names = "--limit", description = "1 to 100; default 25.")
  Integer limit;

  public ContextRecallCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    ObjectNode body = Json.object().put("project", project());
    if (query != null) {
      body.put("query", query);
    }
    if (kinds != null) {
      body.set("kinds", Json.MAPPER.valueToTree(kinds));
    }
    if (limit != null) {
      body.put("limit", limit);
    }
    return print(call(admin -> admin.recall(body)), this::text);
  }

  private void text(JsonNode answer) {
    for (JsonNode item : answer.path("items")) {
      line(
          String.format(
              "%-6.3f %s  %s/%s/%s  %s",
              item.path("relevance").asDouble(),
              item.path("id").asString(),
              item.path("kind").asString(),
              item.path("origin").asString(),
              item.path("authority").asString(),
              item.path("key").asString("")));
    }
    if (answer.path("items").isEmpty()) {
      line("no items");
    }
    if (!answer.path("unresolvedGaps").isEmpty()) {
      line(
          "unresolved: "
              + answer.path("unresolvedGaps").valueStream().map(JsonNode::asString).toList());
    }
  }
}

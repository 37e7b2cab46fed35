package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.util.List;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm context add}: an item an operator or a workflow step writes directly. */
@Command(
    name = "add",
    mixinStandardHelpOptions = true,
    description = {
      "Add a context item; a state item (--kind state --key K) supersedes the key's value.",
      "The origin caps the authority: human and workflow up to policy, git up to instruction,"
          + " the rest evidence."
    })
public final class ContextAddCommand extends OperatorCommand {
  @Option(
      names = "--kind",
      required = true,
      description = "evidence, state, episode, knowledge" + " or skill.")
  String kind;

  @Option(names = "--key", description = "The state key; for --kind state only.")
  String key;

  @Option(names = "--summary", required = true, description = "What the item says; redacted.")
  String summary;

  @Option(
      names = "--origin",
      required = true,
      description = "human, workflow, git, peer, tool," + " external or derived.")
  String origin;

  @Option(
      names = "--authority",
      required = true,
      description = "policy, instruction, evidence" + " or hypothesis.")
  String authority;

  @Option(
      names = "--confidence",
      defaultValue = "probable",
      description = "verified, probable" + " or uncertain; default ${DEFAULT-VALUE}.")
  String confidence;

  @Option(names = "--source-ref", description = "A reference it rests on; repeatable.")
  List<String> sourceRefs;

  @Option(names = "--derived-from", description = "An item it was derived from; repeatable.")
  List<String> derivedFrom;

  @Option(names = "--expires-at", description = "An ISO-8601 instant after which it lapses.")
  String expiresAt;

  @Option(names = "--as", description = "Your name; else KXM_OPERATOR, else USER.")
  String as;

  public ContextAddCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    ObjectNode body =
        Json.object()
            .put("project", project())
            .put("kind", kind)
            .put("summary", summary)
            .put("origin", origin)
            .put("authority", authority)
            .put("confidence", confidence)
            .put("createdBy", operator(as));
    if (key != null) {
      body.put("key", key);
    }
    if (sourceRefs != null) {
      body.set("sourceRefs", Json.MAPPER.valueToTree(sourceRefs));
    }
    if (derivedFrom != null) {
      body.set("derivedFrom", Json.MAPPER.valueToTree(derivedFrom));
    }
    if (expiresAt != null) {
      body.put("expiresAt", expiresAt);
    }
    return print(call(admin -> admin.addItem(body)), this::text);
  }

  private void text(JsonNode answer) {
    JsonNode item = answer.path("item");
    line("added " + item.path("id").asString() + " (" + item.path("kind").asString() + ")");
  }
}

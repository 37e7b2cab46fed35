package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm context state}: one temporal state key, now or as of an instant. */
@Command(
    name = "state",
    mixinStandardHelpOptions = true,
    description = "Read one state key, now or as it stood at --as-of.")
public final class ContextStateCommand extends OperatorCommand {
  @Parameters(paramLabel = "KEY", description = "The state key, up to 200 characters.")
  String key;

  @Option(names = "--as-of", description = "An ISO-8601 instant, for example 2030-01-01T00:00:00Z.")
  String asOf;

  public ContextStateCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    ObjectNode body = Json.object().put("project", project()).put("key", key);
    if (asOf != null) {
      body.put("asOf", asOf);
    }
    return print(call(admin -> admin.state(body)), this::text);
  }

  private void text(JsonNode answer) {
    JsonNode state = answer.path("state");
    if (state.isNull() || state.isMissingNode()) {
      line(key + ": no value" + (asOf == null ? "" : " at " + asOf));
      return;
    }
    line(key + " = " + state.path("summary").asString());
    line(
        "  "
            + state.path("authority").asString()
            + ", "
            + state.path("confidence").asString()
            + ", from "
            + state.path("origin").asString()
            + " by "
            + state.path("createdBy").asString()
            + " since "
            + state.path("validFrom").asString()
            + " ("
            + state.path("validity").asString()
            + ")");
  }
}

package io.kxm.cli.context;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm context episode}: errors, lessons, observations and experiments of workflow runs. */
@Command(
    name = "episode",
    mixinStandardHelpOptions = true,
    description = "List the latest 50 episodes from the project's workflow journal, oldest first.")
public final class ContextEpisodeCommand extends OperatorCommand {
  @Option(names = "--workflow-run-id", description = "Only this run's episodes.")
  String workflowRunId;

  public ContextEpisodeCommand(CliContext context) {
    super(context);
  }

  @Override
  public Integer call() {
    ObjectNode body = Json.object().put("project", project());
    if (workflowRunId != null) {
      body.put("workflowRunId", workflowRunId);
    }
    return print(call(admin -> admin.episodes(body)), this::text);
  }

  private void text(JsonNode answer) {
    for (JsonNode episode : answer.path("episodes")) {
      line(
          episode.path("createdAt").asString()
              + "  "
              + episode.path("category").asString()
              + "  "
              + episode.path("workflowRunId").asString()
              + "  "
              + oneLine(episode.path("summary").asString(), 100));
    }
    if (answer.path("episodes").isEmpty()) {
      line("no episodes");
    }
  }
}

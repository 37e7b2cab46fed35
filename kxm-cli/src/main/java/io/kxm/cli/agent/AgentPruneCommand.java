package io.kxm.cli.agent;

import io.kxm.cli.CliContext;
import io.kxm.cli.session.TtlConverter;
import io.kxm.client.HubHttp;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.hub.auth.ProjectNames;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm agent prune --offline-for 7d}: an operator retires every agent offline for longer than
 * the given time, with the admin token from {@code KXM_AUTH_TOKEN}.
 */
@Command(
    name = "prune",
    mixinStandardHelpOptions = true,
    description = {
      "Retire the agents that have been offline longer than --offline-for, in one project or in"
          + " all; needs the hub's admin token in KXM_AUTH_TOKEN.",
      "Retired agents are gone for good and requests still waiting on them expire; the hub's own"
          + " agents and agents holding a lease are skipped. --dry-run lists what would go."
    })
public final class AgentPruneCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(
      names = "--offline-for",
      required = true,
      paramLabel = "DURATION",
      converter = TtlConverter.class,
      description = "How long an agent must have been offline: 90s, 30m, 12h, 7d or PT1H.")
  Duration offlineFor;

  @Option(names = "--project", description = "Only this project's agents (default: every project).")
  String project;

  @Option(
      names = "--dry-run",
      description = "List the agents that would be retired; change nothing.")
  boolean dryRun;

  @Option(names = "--json", description = "Print the hub's answer as one JSON object.")
  boolean json;

  public AgentPruneCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    String token = context.env().get(AgentSettings.TOKEN);
    if (token == null || token.isBlank()) {
      throw new KxmException(
          ErrorCode.ADMIN_REQUIRED,
          "kxm agent prune acts as an operator and needs the admin token in " + AgentSettings.TOKEN,
          "Set "
              + AgentSettings.TOKEN
              + " to the hub's admin token (kxm hub start prints where it is kept) and run again.");
    }
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("offlineForMs", offlineFor.toMillis());
    if (project != null) {
      body.put("project", ProjectNames.require(project.strip()));
    }
    body.put("dryRun", dryRun);
    JsonNode answer;
    try (HubHttp http = new HubHttp(HubLocation.resolve(context).url(), token.strip())) {
      answer = http.post("/v1/agents/prune", Map.of(), body);
    }
    if (json) {
      context.out().println(Json.write(answer));
    } else {
      JsonNode agents = answer.path("agents");
      context
          .out()
          .println(
              (dryRun ? "would retire " : "retired ")
                  + agents.size()
                  + " agent(s) offline longer than "
                  + offlineFor);
      for (JsonNode agent : agents) {
        context
            .out()
            .println(
                "  "
                    + agent.path("project").asString()
                    + "/"
                    + agent.path("name").asString()
                    + "  "
                    + agent.path("agentId").asString()
                    + "  last seen "
                    + agent.path("lastSeenAt").asString());
      }
    }
    context.out().flush();
    return 0;
  }
}

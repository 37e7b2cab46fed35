package io.kxm.cli.peer;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.client.AgentCredentials;
import io.kxm.client.ConnectionSettings;
import io.kxm.client.HttpPeerOperations;
import io.kxm.client.HubAgents;
import io.kxm.client.HubHttp;
import io.kxm.core.agent.AgentNames;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm peer retire <name>}: retires an agent of the project for good. Named as this command's
 * own agent ({@code KXM_AGENT_NAME}) it retires itself with the project token; any other agent
 * needs the admin token in {@code KXM_AUTH_TOKEN}.
 */
@Command(
    name = "retire",
    mixinStandardHelpOptions = true,
    description = {
      "Retire an agent of this project for good: it goes offline, its key stops working, its name"
          + " is free again, and requests still waiting on it end as expired.",
      "NAME equal to KXM_AGENT_NAME retires that agent itself with the project token; any other"
          + " agent needs the hub's admin token in KXM_AUTH_TOKEN. The hub's own agents and agents"
          + " holding a lease are never retired."
    })
public final class PeerRetireCommand implements Callable<Integer> {
  private final CliContext context;

  @Parameters(index = "0", paramLabel = "NAME", description = "The agent's name.")
  String name;

  @Option(names = "--json", description = "Print the retired agent as one JSON object.")
  boolean json;

  public PeerRetireCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    if (!AgentNames.isValid(name.strip())) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "'" + name + "' is not an agent name: " + AgentNames.RULE,
          "Name the agent as kxm peer list --include-offline shows it.");
    }
    ConnectionSettings settings =
        AgentSettings.resolve(context, "cli-" + ProcessHandle.current().pid());
    JsonNode retired;
    try (HubHttp http = new HubHttp(settings.hub(), settings.token())) {
      retired =
          settings.agent().name().equalsIgnoreCase(name.strip())
              ? retireSelf(http, settings)
              : retireOther(http, settings.project(), name.strip());
    }
    JsonNode agent = retired.path("retired");
    if (json) {
      context.out().println(Json.write(agent));
    } else {
      context
          .out()
          .println(
              "retired "
                  + agent.path("name").asString()
                  + " ("
                  + agent.path("agentId").asString()
                  + ") of project "
                  + agent.path("project").asString()
                  + "; "
                  + agent.path("expiredRequests").asInt()
                  + " waiting request(s) expired");
    }
    context.out().flush();
    return 0;
  }

  /** As the agent itself: register (which proves the name with the project token), then retire. */
  private static JsonNode retireSelf(HubHttp http, ConnectionSettings settings) {
    if (HubAgents.whoAmI(http).isAdmin()) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "an agent retires itself with its project token, not the admin token",
          "Set KXM_AUTH_TOKEN to the project's token, or drop KXM_AGENT_NAME to retire the agent"
              + " as an operator.");
    }
    AgentCredentials self = HubAgents.register(http, settings.project(), settings.agent());
    return http.post(
        "/v1/agents/" + self.agentId() + "/retire",
        Map.of(HttpPeerOperations.AGENT_KEY_HEADER, self.agentKey()),
        null);
  }

  private static JsonNode retireOther(HubHttp http, String project, String name) {
    try {
      return http.post(
          "/v1/projects/" + encode(project) + "/agents/" + encode(name) + "/retire",
          Map.of(),
          null);
    } catch (KxmException e) {
      if (e.code() != ErrorCode.ADMIN_REQUIRED) {
        throw e;
      }
      throw new KxmException(
          ErrorCode.ADMIN_REQUIRED,
          "retiring agent '"
              + name
              + "' needs the admin token; "
              + AgentSettings.TOKEN
              + " holds a project token",
          "Set "
              + AgentSettings.TOKEN
              + " to the hub's admin token, or run as the agent itself with "
              + AgentSettings.AGENT_NAME
              + "="
              + name
              + ".");
    }
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}

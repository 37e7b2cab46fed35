package io.kxm.cli.auth;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.agent.HubLocation;
import io.kxm.client.HttpTokenAdmin;
import io.kxm.client.HubHttp;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.hub.auth.HubCredentials;
import java.util.function.Function;
import tools.jackson.databind.JsonNode;

/**
 * How the token commands reach the running hub: the hub {@link HubLocation} finds, with the admin
 * token from {@code KXM_AUTH_TOKEN}, else the one saved in this machine's hub-env.json. The hub
 * changes the table every node shares, so the CLI never writes a token itself.
 */
final class TokenAdmin {
  private TokenAdmin() {}

  /** One request through a fresh client, closed as soon as the hub has answered. */
  static JsonNode call(CliContext context, Function<HttpTokenAdmin, JsonNode> request) {
    try (HttpTokenAdmin admin =
        new HttpTokenAdmin(new HubHttp(HubLocation.resolve(context).url(), adminToken(context)))) {
      return request.apply(admin);
    }
  }

  private static String adminToken(CliContext context) {
    String explicit = context.env().get(AgentSettings.TOKEN);
    if (explicit != null && !explicit.isBlank()) {
      return explicit.strip();
    }
    HubCredentials saved = HubCredentials.load(context.statePaths().hubEnv());
    return saved
        .savedAdminToken()
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.ADMIN_REQUIRED,
                "kxm auth needs the hub's admin token: "
                    + AgentSettings.TOKEN
                    + " is unset and "
                    + saved.file()
                    + " holds none",
                "Run this on the hub's machine, or set "
                    + AgentSettings.TOKEN
                    + " to the admin token."));
  }

  /** Prints {@code {"project"?, "token"}} as {@code create --json} does, or the bare token. */
  static void printIssued(CliContext context, JsonNode answer, boolean json) {
    if (json) {
      var out = Json.object();
      if (answer.hasNonNull("project")) {
        out.put("project", answer.path("project").asString());
      }
      out.put("token", answer.path("token").asString());
      context.out().println(Json.write(out));
    } else {
      context.out().println(answer.path("token").asString());
    }
    context.out().flush();
  }
}

package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.hub.HubServer;
import io.kxm.hub.auth.AdminTokenSource;
import java.io.PrintWriter;

/** What {@code kxm up} tells a person once the hub answers: where, which token, how to connect. */
final class Banner {
  private Banner() {}

  static void print(CliContext context, HubServer hub) {
    PrintWriter out = context.out();
    String url = hub.baseUrl();
    out.println("KXM hub is up at " + url);
    out.println("  store:       " + context.projectPaths().dataPath());
    out.println("  admin token: " + tokenLocation(hub));
    out.println("  logs:        " + context.projectPaths().logsDir().resolve("kxm-hub.jsonl"));
    out.println();
    out.println("Connect an agent (give it a project token, never the admin token):");
    out.println("  kxm auth project-token create myproject");
    out.println(
        "  claude mcp add --transport http kxm "
            + url
            + "/mcp --header \"Authorization: Bearer <project token>\""
            + " --header \"X-KXM-Agent-Name: claude\"");
    out.println();
    out.println("Ctrl-C stops the hub: in-flight requests finish, then the store closes.");
    out.flush();
  }

  private static String tokenLocation(HubServer hub) {
    AdminTokenSource source = hub.adminTokenSource();
    return switch (source) {
      case ENVIRONMENT -> "from KXM_AUTH_TOKEN";
      default -> hub.credentials().file() + " (adminToken, mode 0600)";
    };
  }
}

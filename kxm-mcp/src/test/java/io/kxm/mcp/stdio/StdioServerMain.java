package io.kxm.mcp.stdio;

import io.kxm.core.paths.StatePaths;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.ToolPolicies;
import io.kxm.mcp.InMemoryHub;
import io.kxm.mcp.McpServerOptions;
import java.time.Clock;
import java.util.Map;

/**
 * A stdio server as {@code kxm mcp} will start it, but backed by {@link InMemoryHub}: the agent
 * "alice" with peers "bob" and "carol". The tool policy is read from the environment the way the
 * CLI reads it. Run by the tests as a real child process.
 */
public final class StdioServerMain {
  private StdioServerMain() {}

  public static void main(String[] args) throws InterruptedException {
    Map<String, String> env = System.getenv();
    ActivePolicy policy =
        ToolPolicies.load(
            env,
            ToolPolicies.sessionTokenFile(env),
            StatePaths.fromEnvironment(env).sessionKey(),
            Clock.systemUTC());
    InMemoryHub hub = new InMemoryHub("bob", "carol");
    StdioMcpServer.builder(hub.as("alice"), McpServerOptions.defaults("test").withPolicy(policy))
        .build()
        .run();
    System.err.println("stdio server: stdin closed, exiting");
    System.exit(0);
  }
}

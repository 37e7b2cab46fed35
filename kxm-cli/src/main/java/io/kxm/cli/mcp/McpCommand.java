package io.kxm.cli.mcp;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.session.ToolPolicyLoader;
import io.kxm.client.AgentConnection;
import io.kxm.client.ConnectionSettings;
import io.kxm.client.StreamTiming;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.mcp.McpServerOptions;
import io.kxm.mcp.stdio.StdioMcpServer;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code kxm mcp}: the kxm tools over MCP stdio, as one agent of this project. Registers with the
 * project token, keeps presence while the client is attached, pushes arriving requests as MCP
 * notifications, and exits when stdin closes. Logs go to stderr; stdout carries the protocol only.
 */
@Command(
    name = "mcp",
    mixinStandardHelpOptions = true,
    description = {
      "Serve the kxm tools to an MCP client over stdio, as one agent of this project.",
      "Reads KXM_SERVER_URL, KXM_PROJECT, KXM_AUTH_TOKEN (a project token), KXM_AGENT_NAME and"
          + " KXM_AGENT_PURPOSE; see 'Connect your agents' in the README.",
      "A pushed request stays queued until the session reads it (kxm_inbox, kxm_get) or answers"
          + " it (kxm_reply)."
    })
public final class McpCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(
      names = "--channel",
      description = {
        "Serve as a Claude Code channel: declare the claude/channel capability and push each"
            + " arriving request as a notifications/claude/channel event (see"
            + " docs/claude-code-plugin.md)."
      })
  boolean channel;

  public McpCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    ActivePolicy policy = ToolPolicyLoader.load(context);
    ConnectionSettings settings =
        AgentSettings.resolve(context, "mcp-" + ProcessHandle.current().pid());
    AgentConnection agent = AgentConnection.open(settings, Clock.systemUTC());
    Thread hook = null;
    try {
      AcknowledgingPeers peers =
          new AcknowledgingPeers(
              agent.peers(), agent.agent().agentId(), agent.peers()::acknowledge);
      StdioMcpServer server =
          StdioMcpServer.builder(
                  peers,
                  McpServerOptions.defaults(io.kxm.core.Version.current())
                      .withPolicy(policy)
                      .withChannel(channel))
              .inboxReads(agent.peers())
              .build();
      // A client that kills the process instead of closing stdin still ends presence at once.
      hook =
          new Thread(
              () -> {
                server.close();
                agent.close();
              },
              "kxm-mcp-exit");
      Runtime.getRuntime().addShutdownHook(hook);
      try (InboundPushes pushes =
          new InboundPushes(
              server::notifyRequestArrived, agent.peers()::inbox, agent.agent().connectedAt())) {
        agent.follow(pushes, StreamTiming.DEFAULT);
        context
            .err()
            .println(
                "kxm mcp: agent "
                    + agent.agent().name()
                    + " in project "
                    + agent.agent().project()
                    + " at "
                    + settings.hub()
                    + " (token from "
                    + settings.tokenSource()
                    + ")"
                    + (channel ? ", as a Claude Code channel" : ""));
        context.err().flush();
        server.run();
      }
    } finally {
      // Leave before the hook goes: a client that closes stdin and then sends TERM (as the MCP
      // SDK does 100 ms later) must find the hook still there, waiting for this leave to end,
      // or the JVM halts mid-call and the agent stays online until its lease runs out.
      agent.close();
      if (hook != null) {
        removeHook(hook);
      }
    }
    return 0;
  }

  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // The JVM is already shutting down; the hook runs and closing twice is harmless.
    }
  }
}

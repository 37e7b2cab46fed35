package io.kxm.hub.mcp;

import io.kxm.core.peer.PeerMessage;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.http.Access;
import io.kxm.mcp.McpServerOptions;
import io.kxm.mcp.http.McpHttpEndpoint;
import io.kxm.mcp.http.McpHttpEndpointBuilder;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The tool catalog over Streamable HTTP at exactly {@code /mcp}, one agent per MCP session. A
 * session names its agent at initialize ({@code X-KXM-Agent-Name} or {@code ?agent=}) and
 * authenticates with a project token (or the admin token for a project without one, named by {@code
 * X-KXM-Project} or {@code ?project=}); the {@link AgentBinder} turns that into the port the
 * session's tool calls act through.
 *
 * <pre>{@code
 * McpFeature mcp = new McpFeature(messaging::bindAgent, McpServerOptions.defaults(version));
 * HubServer.builder(config).feature(messagingFeature).feature(mcp).closeAfterStop(mcp).start();
 * // when a request is queued for an agent:
 * mcp.requestArrived(project, recipientName, message);
 * }</pre>
 *
 * <p>The hub's filter runs first (request id, log line, Host/Origin/body rules with the exact
 * port); then the endpoint's filter checks Host and Origin again, the bearer token and the agent
 * name.
 */
public final class McpFeature implements HubFeature, AutoCloseable {
  private final AgentBinder binder;
  private final McpServerOptions options;
  private final AtomicReference<McpHttpEndpoint<String>> endpoint = new AtomicReference<>();
  private final ExecutorService pushes = Executors.newVirtualThreadPerTaskExecutor();
  private final AtomicBoolean closed = new AtomicBoolean();

  public McpFeature(AgentBinder binder, McpServerOptions options) {
    this.binder = Objects.requireNonNull(binder, "binder");
    this.options = Objects.requireNonNull(options, "options");
  }

  @Override
  public void install(HubContext hub) {
    McpHttpEndpointBuilder<String> builder =
        McpHttpEndpoint.builder(new McpAuthenticator(hub.credentials()), binder::bind)
            .options(options)
            .clock(hub.clock())
            .allowedOrigins(McpOrigins.origins(hub.config()));
    builder =
        McpOrigins.checksHost(hub.config())
            ? builder.allowedHosts(McpOrigins.hosts(hub.config()))
            : builder.anyHost();
    McpHttpEndpoint<String> built = builder.build();
    if (!endpoint.compareAndSet(null, built)) {
      built.close();
      throw new IllegalStateException("the MCP feature is installed in one hub only");
    }
    hub.routes()
        .servlet(McpHttpEndpoint.PATH, built.servlet(), hub.filter(Access.PUBLIC), built.filter());
    // Open MCP event streams would hold the drain until the grace period ends.
    hub.drain().onDrain(this::closeEndpoint);
  }

  /**
   * Tells every open MCP session of one agent that a request arrived for it, and waits until each
   * was told or timed out (a few seconds per unresponsive client).
   *
   * @return how many sessions were told; 0 before {@link #install} or for an agent without one
   */
  public int notifyAgent(String project, String agentName, PeerMessage request) {
    McpHttpEndpoint<String> current = endpoint.get();
    return current == null ? 0 : current.notifyAgent(project, agentName, request);
  }

  /**
   * {@link #notifyAgent} on a virtual thread, so the caller (the request that queued the message)
   * never waits on a slow MCP client. The request is durable already; a missed push is seen in
   * {@code kxm_inbox}.
   */
  public void requestArrived(String project, String agentName, PeerMessage request) {
    try {
      pushes.execute(() -> notifyAgent(project, agentName, request));
    } catch (RejectedExecutionException e) {
      // Closed: the hub is stopping and sessions are gone.
    }
  }

  /** MCP sessions bound to an agent right now. */
  public int sessionCount() {
    McpHttpEndpoint<String> current = endpoint.get();
    return current == null ? 0 : current.sessionCount();
  }

  /** Closes every MCP session; idempotent, as both the drain and the hub's stop call it. */
  @Override
  public void close() {
    pushes.shutdown();
    closeEndpoint();
  }

  private void closeEndpoint() {
    McpHttpEndpoint<String> current = endpoint.get();
    if (current != null && closed.compareAndSet(false, true)) {
      current.close();
    }
  }
}

package io.kxm.mcp.http;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.tool.ToolContext;
import io.kxm.mcp.InboundNotices;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.rpc.StatelessRevision;
import io.modelcontextprotocol.common.McpTransportContext;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import jakarta.servlet.Filter;
import jakarta.servlet.http.HttpServlet;
import java.util.List;
import java.util.Map;

/**
 * The catalog served over Streamable HTTP at {@value #PATH}, one agent per MCP session. Build it
 * with {@link McpHttpEndpointBuilder}; mount {@link #servlet()} at exactly {@value #PATH} and
 * {@link #filter()} in front of it, both with async support on. In Javalin 7:
 *
 * <pre>{@code
 * config.jetty.modifyServletContextHandler(handler -> {
 *   ServletHolder servlet = new ServletHolder(endpoint.servlet());
 *   servlet.setAsyncSupported(true);
 *   handler.addServlet(servlet, McpHttpEndpoint.PATH);
 *   FilterHolder filter = new FilterHolder(endpoint.filter());
 *   filter.setAsyncSupported(true);
 *   handler.addFilter(filter, McpHttpEndpoint.PATH, EnumSet.of(DispatcherType.REQUEST));
 * });
 * }</pre>
 *
 * @param <P> what the hub's {@link BearerAuthenticator} knows a caller as
 */
public final class McpHttpEndpoint<P> implements AutoCloseable {
  /** Where the endpoint must be mounted. */
  public static final String PATH = "/mcp";

  private static final String CONTEXT_KEY = "kxm.agentSession";
  private static final java.time.Duration NOTICE_WAIT = java.time.Duration.ofSeconds(2);

  private final HttpServletStreamableServerTransportProvider transport;
  private final McpSyncServer server;
  private final AgentSessionFilter<P> filter;
  private final SessionBindings<P> bindings;
  private final ToolTasks tasks;
  private final StatelessAgents<P> statelessAgents;
  private final InboxListeners<P> listeners = new InboxListeners<>();

  McpHttpEndpoint(McpHttpEndpointBuilder<P> settings) {
    this.bindings = new SessionBindings<>(settings.clock, settings.bindingIdleTimeout());
    DefaultServerTransportSecurityValidator hostAndOrigin =
        DefaultServerTransportSecurityValidator.builder()
            // An empty list is the SDK's way to skip the Host check.
            .allowedHosts(settings.anyHost ? List.of() : settings.allowedHosts)
            .allowedOrigins(settings.allowedOrigins)
            .build();
    this.transport =
        HttpServletStreamableServerTransportProvider.builder()
            .jsonMapper(McpJson.withTasks(ToolTasks.TASK_TOOLS))
            .mcpEndpoint(PATH)
            .httpHeaderValidator(hostAndOrigin)
            .keepAliveInterval(settings.keepAlive)
            .sessionSweepInterval(settings.sessionSweep)
            .maxRequestSize(settings.maxRequestBytes)
            .contextExtractor(request ->
                request.getAttribute(AgentSessionFilter.SESSION_ATTRIBUTE)
                        instanceof AgentSession<?> s
                    ? McpTransportContext.create(Map.of(CONTEXT_KEY, s))
                    : McpTransportContext.EMPTY)
            .build();
    this.tasks =
        new ToolTasks(
            settings.options.catalog(),
            settings.options.policy(),
            this::notifyQuietly,
            settings.clock);
    this.statelessAgents = new StatelessAgents<>(settings.binder);
    this.filter =
        new AgentSessionFilter<>(
            hostAndOrigin,
            settings.authenticator,
            settings.binder,
            bindings,
            tasks,
            new StatelessRevision(settings.options),
            statelessAgents,
            listeners);
    this.server =
        settings.options.build(
            McpServer.sync(transport).immediateExecution(true), McpHttpEndpoint::sessionContext);
  }

  public static <P> McpHttpEndpointBuilder<P> builder(
      BearerAuthenticator<P> authenticator, SessionBinder<P> binder) {
    return new McpHttpEndpointBuilder<>(authenticator, binder);
  }

  /** The SDK's transport servlet; mount it at exactly {@value #PATH} with async support. */
  public HttpServlet servlet() {
    return transport;
  }

  /** Host/Origin, bearer and agent checks; mount it on {@value #PATH} with async support. */
  public Filter filter() {
    return filter;
  }

  /**
   * Tells every open session of one agent that a request arrived for it: a logging notification
   * carrying the request, and {@code resources/updated} for {@code kxm://inbox}; and every
   * 2026-07-28 {@code subscriptions/listen} stream of the agent, with {@code resources/updated}.
   * Sessions without an open event stream miss it and see the request in {@code kxm_inbox}. May
   * block a few seconds per unresponsive client.
   *
   * @return how many sessions and listen streams were told
   */
  public int notifyAgent(P principal, String agentName, PeerMessage request) {
    int told = listeners.inboxChanged(principal, agentName);
    for (AgentSession<P> session : bindings.of(principal, agentName)) {
      String id = session.sessionId();
      if (InboundNotices.send(
          (method, params) -> transport.notifyClient(id, method, params), request)) {
        told++;
      }
    }
    return told;
  }

  /** Sessions bound to an agent right now. */
  public int sessionCount() {
    return bindings.size();
  }

  /** Closes every session gracefully and releases their ports. */
  @Override
  public void close() {
    tasks.close();
    listeners.closeAll();
    server.closeGracefully();
    bindings.clear();
    statelessAgents.clear();
  }

  /** A task's status notice to its session's event stream; a session without one misses it. */
  private void notifyQuietly(String sessionId, String method, Object params) {
    try {
      transport.notifyClient(sessionId, method, params).block(NOTICE_WAIT);
    } catch (RuntimeException e) {
      // no open stream, or a slow client: tasks/get still tells the state
    }
  }

  private static ToolContext sessionContext(
      io.modelcontextprotocol.server.McpSyncServerExchange exchange) {
    if (exchange.transportContext().get(CONTEXT_KEY) instanceof AgentSession<?> session) {
      return ToolContext.of(session.peers());
    }
    throw new KxmException(
        ErrorCode.MCP_SESSION_NOT_FOUND, "this MCP session is not bound to an agent");
  }
}

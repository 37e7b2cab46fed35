package io.kxm.mcp.http;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.peer.Limits;
import io.kxm.core.peer.PeerOperations;
import io.kxm.core.sse.SseWriter;
import io.kxm.mcp.rpc.RpcAnswers;
import io.kxm.mcp.rpc.RpcRefusal;
import io.kxm.mcp.rpc.StatelessRevision;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HeaderAccessor;
import io.modelcontextprotocol.server.transport.ServerTransportSecurityException;
import io.modelcontextprotocol.spec.HttpHeaders;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Guards {@code /mcp}: Host and Origin first, then the bearer token, then the session's agent. A
 * request that starts a session (a POST without {@code Mcp-Session-Id}) must name its agent; later
 * requests must come with the same principal. The session reaches the tools as a request attribute.
 * Mount it with async support on, like the servlet.
 */
final class AgentSessionFilter<P> implements Filter {
  static final String SESSION_ATTRIBUTE = AgentSession.class.getName();
  static final String AGENT_HEADER = "X-KXM-Agent-Name";
  static final String PURPOSE_HEADER = "X-KXM-Agent-Purpose";
  static final String AGENT_PARAMETER = "agent";
  static final int PURPOSE_MAX = 1_000;
  static final int LISTEN_KEEPALIVE_SECONDS = 15;

  private final DefaultServerTransportSecurityValidator hostAndOrigin;
  private final BearerAuthenticator<P> authenticator;
  private final SessionBinder<P> binder;
  private final SessionBindings<P> bindings;
  private final ToolTasks tasks;
  private final StatelessRevision stateless;
  private final StatelessAgents<P> statelessAgents;
  private final InboxListeners<P> listeners;

  AgentSessionFilter(
      DefaultServerTransportSecurityValidator hostAndOrigin,
      BearerAuthenticator<P> authenticator,
      SessionBinder<P> binder,
      SessionBindings<P> bindings,
      ToolTasks tasks,
      StatelessRevision stateless,
      StatelessAgents<P> statelessAgents,
      InboxListeners<P> listeners) {
    this.hostAndOrigin = hostAndOrigin;
    this.authenticator = authenticator;
    this.binder = binder;
    this.bindings = bindings;
    this.tasks = tasks;
    this.stateless = stateless;
    this.statelessAgents = statelessAgents;
    this.listeners = listeners;
  }

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    HttpServletRequest request = (HttpServletRequest) req;
    HttpServletResponse response = (HttpServletResponse) res;
    try {
      // Before authentication, so a page on a rebound DNS name learns nothing at all.
      hostAndOrigin.validate(headers(request));
    } catch (ServerTransportSecurityException e) {
      ErrorCode code =
          e.getStatusCode() == 421 ? ErrorCode.HOST_NOT_ALLOWED : ErrorCode.ORIGIN_NOT_ALLOWED;
      HttpErrors.write(response, e.getStatusCode(), code, e.getMessage(), code.hint());
      return;
    }
    try {
      P principal = authenticate(request);
      if ("POST".equals(request.getMethod())) {
        Optional<HttpServletRequest> checked = CheckedBody.check(request, response);
        if (checked.isEmpty()) {
          return; // answered with a JSON-RPC error; the SDK would have leaked its exception text
        }
        request = checked.get();
        response = ((CheckedBody) request).response(response);
        JsonNode message = ((CheckedBody) request).message();
        if (StatelessRevision.applies(message)) {
          answerStateless(message, request, response, principal);
          return;
        }
      }
      String sessionId = request.getHeader(HttpHeaders.MCP_SESSION_ID);
      if (sessionId == null || sessionId.isBlank()) {
        if ("POST".equals(request.getMethod())) {
          initialize(request, response, chain, principal);
        } else {
          chain.doFilter(request, response); // the SDK answers that a session ID is required
        }
        return;
      }
      continueSession(request, response, chain, principal, sessionId);
    } catch (KxmException e) {
      if (!response.isCommitted()) {
        if (e.code().httpStatus() == 401) {
          response.setHeader("WWW-Authenticate", "Bearer realm=\"kxm\"");
        }
        HttpErrors.write(response, e.code().httpStatus(), e.code(), e.getMessage(), e.hint());
      }
    }
  }

  /**
   * A request of the stateless revision: no session, the agent named on every request that acts as
   * one. A notification is taken with 202.
   */
  private void answerStateless(
      JsonNode message, HttpServletRequest request, HttpServletResponse response, P principal)
      throws IOException {
    if (!message.has("id")) {
      response.setStatus(HttpServletResponse.SC_ACCEPTED);
      return;
    }
    if ("subscriptions/listen".equals(message.path("method").asString(""))) {
      listen(message, request, response, principal);
      return;
    }
    HttpServletRequest named = request;
    // one agent per request, whether it calls a tool or reads its inbox
    Supplier<PeerOperations> port =
        () ->
            statelessAgents.port(
                principal,
                agentName(named),
                Limits.optional("purpose", named.getHeader(PURPOSE_HEADER), PURPOSE_MAX));
    StatelessRevision.Answer answer =
        stateless.answer(message, new RevisionHeaders(request), port, port);
    HttpErrors.writeJson(response, answer.httpStatus(), answer.message());
  }

  /**
   * A {@code subscriptions/listen} stream: acknowledged at once, then one {@code
   * notifications/resources/updated} for {@code kxm://inbox} each time a request arrives for the
   * agent, a keep-alive comment every {@value #LISTEN_KEEPALIVE_SECONDS} s so that a client that
   * left is noticed, and the listen's result when the endpoint closes.
   */
  private void listen(
      JsonNode message, HttpServletRequest request, HttpServletResponse response, P principal)
      throws IOException {
    JsonNode id = message.path("id");
    String agent;
    PeerOperations port;
    try {
      stateless.check(message, new RevisionHeaders(request));
      agent = agentName(request);
      // registers the agent on its first request, so that arrivals for it are heard from now on
      port =
          statelessAgents.port(
              principal,
              agent,
              Limits.optional("purpose", request.getHeader(PURPOSE_HEADER), PURPOSE_MAX));
    } catch (RpcRefusal e) {
      HttpErrors.writeJson(response, e.httpStatus(), RpcAnswers.error(id, e));
      return;
    }
    ObjectNode honored = StatelessRevision.honored(message.path("params"));
    boolean inbox = honored.has("resourceSubscriptions");
    InboxListeners.Listener listener = listeners.open(principal, agent);
    // an agent that listens is present, as a 2025-11-25 session with its stream open is
    SessionActivity.Activity activity =
        port instanceof SessionActivity aware ? aware.begin() : () -> {};
    try {
      response.setStatus(200);
      response.setContentType("text/event-stream");
      response.setCharacterEncoding(StandardCharsets.UTF_8.name());
      response.setHeader("Cache-Control", "no-cache");
      // a listen stream is ended by the hub's STOP or by a failed write, never from outside
      SseWriter out = new SseWriter(response.getOutputStream(), () -> {});
      event(out, StatelessRevision.acknowledged(id, honored));
      while (true) {
        InboxListeners.Signal signal =
            listener.signals().poll(LISTEN_KEEPALIVE_SECONDS, TimeUnit.SECONDS);
        if (signal == InboxListeners.Signal.STOP) {
          event(out, StatelessRevision.listenEnded(id));
          return;
        }
        if (signal == InboxListeners.Signal.CHANGED && inbox) {
          event(out, StatelessRevision.inboxUpdated(id));
        } else {
          out.comment("keep-alive");
          out.flush();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // the client went away: the stream ends with it
    } finally {
      activity.close();
      listeners.close(listener);
    }
  }

  /** One JSON-RPC message as an SSE event without an id: the stream has no resume point. */
  private static void event(SseWriter out, JsonNode message) throws IOException {
    out.event(-1, null, Json.write(message));
    out.flush();
  }

  private P authenticate(HttpServletRequest request) {
    String header = request.getHeader("Authorization");
    String token = null;
    if (header != null && header.regionMatches(true, 0, "Bearer ", 0, 7)) {
      token = header.substring(7).strip();
    }
    Optional<P> principal = authenticator.authenticate(token, request);
    if (principal.isEmpty()) {
      throw token == null
          ? new KxmException(ErrorCode.AUTH_REQUIRED, "/mcp needs a bearer project token")
          : new KxmException(ErrorCode.AUTH_INVALID, "the bearer token is not known to this hub");
    }
    return principal.get();
  }

  private void initialize(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain, P principal)
      throws IOException, ServletException {
    String agent = agentName(request);
    String purpose = Limits.optional("purpose", request.getHeader(PURPOSE_HEADER), PURPOSE_MAX);
    bindings.evictIdle();
    PeerOperations peers = binder.bind(principal, agent, purpose);
    AgentSession<P> pending = new AgentSession<>(null, principal, agent, purpose, peers);
    request.setAttribute(SESSION_ATTRIBUTE, pending);
    SessionIdCapture capture =
        new SessionIdCapture(response, id -> bindings.put(pending.withSessionId(id)));
    chain.doFilter(request, capture);
    if (!capture.seen()) {
      SessionBindings.release(pending); // the SDK refused the initialize; nothing to keep
    }
  }

  private void continueSession(
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain,
      P principal,
      String sessionId)
      throws IOException, ServletException {
    AgentSession<P> session = bindings.touch(sessionId);
    if (session == null) {
      throw new KxmException(
          ErrorCode.MCP_SESSION_NOT_FOUND, "no MCP session " + sessionId + " on this hub");
    }
    if (!session.principal().equals(principal)) {
      throw new KxmException(
          ErrorCode.PROJECT_FORBIDDEN,
          "MCP session " + sessionId + " was opened with another token");
    }
    request.setAttribute(SESSION_ATTRIBUTE, session);
    SessionActivity.Activity activity =
        session.peers() instanceof SessionActivity aware ? aware.begin() : () -> {};
    if (request instanceof CheckedBody checked && ToolTasks.handles(checked.message())) {
      // tasks are this layer's, not the SDK's: answered here as plain JSON
      try {
        HttpErrors.writeJson(response, 200, tasks.answer(checked.message(), session));
      } finally {
        activity.close();
      }
      return;
    }
    try {
      chain.doFilter(request, response);
    } finally {
      endWhenAnswered(request, activity);
    }
    if ("DELETE".equals(request.getMethod()) && response.getStatus() < 300) {
      bindings.remove(sessionId);
      tasks.sessionEnded(sessionId);
    }
  }

  /**
   * Ends the activity once the request is answered: now for a plain answer, at the end of the
   * asynchronous exchange for an event stream (the SDK streams through async requests).
   */
  private static void endWhenAnswered(
      HttpServletRequest request, SessionActivity.Activity activity) {
    if (!request.isAsyncStarted()) {
      activity.close();
      return;
    }
    try {
      request
          .getAsyncContext()
          .addListener(
              new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                  activity.close();
                }

                @Override
                public void onTimeout(AsyncEvent event) {
                  activity.close();
                }

                @Override
                public void onError(AsyncEvent event) {
                  activity.close();
                }

                @Override
                public void onStartAsync(AsyncEvent event) {
                  // A restarted exchange keeps the listener only if it adds it again.
                  event.getAsyncContext().addListener(this);
                }
              });
    } catch (IllegalStateException e) {
      // The exchange completed before the listener could be added: it is answered already.
      activity.close();
    }
  }

  private static String agentName(HttpServletRequest request) {
    String agent = request.getHeader(AGENT_HEADER);
    if (agent == null || agent.isBlank()) {
      agent = QueryString.parameter(request.getQueryString(), AGENT_PARAMETER);
    }
    if (agent == null || agent.isBlank()) {
      throw new KxmException(
          ErrorCode.AGENT_NAME_REQUIRED,
          "an MCP session acts as one agent: send its name in the "
              + AGENT_HEADER
              + " header or as ?"
              + AGENT_PARAMETER
              + "=<name> on the /mcp URL");
    }
    return Limits.required("agent name", agent, Limits.TARGET_MAX).strip();
  }

  private static HeaderAccessor headers(HttpServletRequest request) {
    return new HeaderAccessor() {
      @Override
      public List<String> getHeader(String name) {
        return Collections.list(request.getHeaders(name));
      }

      @Override
      public List<String> getHeaderNames() {
        return Collections.list(request.getHeaderNames());
      }
    };
  }
}

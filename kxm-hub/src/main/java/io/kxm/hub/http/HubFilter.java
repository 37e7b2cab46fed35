package io.kxm.hub.http;

import io.kxm.core.error.KxmException;
import io.kxm.hub.auth.BearerAuth;
import io.kxm.hub.auth.Principal;
import io.kxm.hub.guard.BrowserGuard;
import io.kxm.hub.guard.RequestView;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Clock;
import java.util.Optional;

/**
 * The hub's rules for a servlet mounted beside Javalin (the MCP transport): request id, the browser
 * rules, then the bearer token, answering refusals with the same error envelope. The principal is
 * left in the request attribute {@link HubRequest#PRINCIPAL}. Supports async, as streaming servlets
 * need.
 */
public final class HubFilter extends HttpFilter {
  private final BrowserGuard guard;
  private final BearerAuth bearer;
  private final Access access;
  private final RequestObserver observer;
  private final Clock clock;

  /**
   * @param access who may call the servlet; {@link Access#PUBLIC} applies the browser rules only
   * @param observer receives the log line and metric; the route label is the servlet path
   */
  public HubFilter(
      BrowserGuard guard, BearerAuth bearer, Access access, RequestObserver observer, Clock clock) {
    this.guard = guard;
    this.bearer = bearer;
    this.access = access;
    this.observer = observer;
    this.clock = clock;
  }

  @Override
  protected void doFilter(HttpServletRequest req, HttpServletResponse res, FilterChain chain)
      throws IOException, ServletException {
    long started = System.nanoTime();
    String id = RequestIds.accept(req.getHeader(HubRequest.REQUEST_ID_HEADER), clock);
    req.setAttribute(HubRequest.ID, id);
    res.setHeader(HubRequest.REQUEST_ID_HEADER, id);
    try {
      admit(req);
    } catch (KxmException e) {
      res.setStatus(ErrorEnvelope.status(e.code()));
      res.setContentType(ErrorEnvelope.CONTENT_TYPE);
      res.getOutputStream().write(ErrorEnvelope.bytes(e));
      observe(req, res, started);
      return;
    }
    try {
      chain.doFilter(req, res);
    } finally {
      if (req.isAsyncStarted()) {
        req.getAsyncContext().addListener(new ObserveOnComplete(req, res, started));
      } else {
        observe(req, res, started);
      }
    }
  }

  private void admit(HttpServletRequest req) {
    guard.check(
        new RequestView(
            req.getMethod(),
            req.getHeader("Host"),
            req.getHeader("Origin"),
            req.getContentType(),
            req.getContentLengthLong(),
            req.getHeader("Transfer-Encoding") != null));
    if (access == Access.PUBLIC) {
      return;
    }
    Principal principal = bearer.authenticate(req.getHeader("Authorization"));
    req.setAttribute(HubRequest.PRINCIPAL, principal);
    if (access == Access.ADMIN) {
      BearerAuth.requireAdmin(principal);
    }
  }

  private void observe(HttpServletRequest req, HttpServletResponse res, long started) {
    String principal =
        Optional.ofNullable((Principal) req.getAttribute(HubRequest.PRINCIPAL))
            .map(Principal::kind)
            .orElse("none");
    observer.finished(
        (String) req.getAttribute(HubRequest.ID),
        req.getMethod(),
        req.getServletPath(),
        res.getStatus(),
        System.nanoTime() - started,
        principal);
  }

  private final class ObserveOnComplete implements AsyncListener {
    private final HttpServletRequest req;
    private final HttpServletResponse res;
    private final long started;

    ObserveOnComplete(HttpServletRequest req, HttpServletResponse res, long started) {
      this.req = req;
      this.res = res;
      this.started = started;
    }

    @Override
    public void onComplete(AsyncEvent event) {
      observe(req, res, started);
    }

    @Override
    public void onTimeout(AsyncEvent event) {}

    @Override
    public void onError(AsyncEvent event) {}

    @Override
    public void onStartAsync(AsyncEvent event) {}
  }
}

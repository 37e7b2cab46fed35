package io.kxm.hub.http;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.sse.SseClient;
import io.javalin.http.sse.SseHandler;
import io.javalin.router.Endpoint;
import jakarta.servlet.Filter;
import jakarta.servlet.Servlet;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Where features register their routes. Every route states who may call it; the pipeline checks
 * that before the handler runs, so a handler never re-checks credentials.
 */
public final class HubRoutes {
  private final RoutesConfig routes;
  private final List<ServletMount> servlets = new ArrayList<>();

  public HubRoutes(RoutesConfig routes) {
    this.routes = routes;
  }

  /**
   * A GET route, answering HEAD as well: Javalin would otherwise answer HEAD itself, without this
   * route's access rule and headers.
   */
  public HubRoutes get(String path, Access access, Handler handler) {
    add(HandlerType.HEAD, path, RoutePolicy.of(access), handler);
    return add(HandlerType.GET, path, RoutePolicy.of(access), handler);
  }

  public HubRoutes post(String path, Access access, Handler handler) {
    return add(HandlerType.POST, path, RoutePolicy.of(access), handler);
  }

  public HubRoutes put(String path, Access access, Handler handler) {
    return add(HandlerType.PUT, path, RoutePolicy.of(access), handler);
  }

  public HubRoutes patch(String path, Access access, Handler handler) {
    return add(HandlerType.PATCH, path, RoutePolicy.of(access), handler);
  }

  public HubRoutes delete(String path, Access access, Handler handler) {
    return add(HandlerType.DELETE, path, RoutePolicy.of(access), handler);
  }

  /** A server-sent event stream; the client callback runs once per connected client. */
  public HubRoutes sse(String path, Access access, Consumer<SseClient> client) {
    return add(HandlerType.GET, path, RoutePolicy.of(access), new SseHandler(client));
  }

  public HubRoutes add(HandlerType method, String path, RoutePolicy policy, Handler handler) {
    routes.addEndpoint(new Endpoint(method, path, handler, Set.of(policy)));
    return this;
  }

  /**
   * Mounts a servlet at an exact path, in front of Javalin's catch-all. Its filters run in the
   * order given; put a {@link HubFilter} first.
   */
  public HubRoutes servlet(String path, Servlet servlet, Filter... filters) {
    servlets.add(new ServletMount(path, servlet, List.of(filters)));
    return this;
  }

  /** The servlets registered so far; the server mounts them when it builds Jetty. */
  public List<ServletMount> servlets() {
    return List.copyOf(servlets);
  }
}

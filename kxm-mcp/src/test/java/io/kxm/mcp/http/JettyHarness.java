package io.kxm.mcp.http;

import jakarta.servlet.DispatcherType;
import java.net.InetSocketAddress;
import java.util.EnumSet;
import org.eclipse.jetty.ee10.servlet.FilterHolder;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ContextHandlerCollection;

/** A plain embedded Jetty on a free loopback port, with endpoints mounted the way the hub will. */
final class JettyHarness implements AutoCloseable {
  private final Server server = new Server(new InetSocketAddress("127.0.0.1", 0));
  private final ContextHandlerCollection contexts = new ContextHandlerCollection();

  JettyHarness() {
    server.setHandler(contexts);
  }

  /** Mounts {@code endpoint} at {@code contextPath + /mcp}. */
  JettyHarness mount(String contextPath, McpHttpEndpoint<?> endpoint) {
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath(contextPath);
    ServletHolder servlet = new ServletHolder(endpoint.servlet());
    servlet.setAsyncSupported(true);
    context.addServlet(servlet, McpHttpEndpoint.PATH);
    FilterHolder filter = new FilterHolder(endpoint.filter());
    filter.setAsyncSupported(true);
    context.addFilter(filter, McpHttpEndpoint.PATH, EnumSet.of(DispatcherType.REQUEST));
    contexts.addHandler(context);
    return this;
  }

  JettyHarness start() throws Exception {
    server.start();
    return this;
  }

  int port() {
    return ((ServerConnector) server.getConnectors()[0]).getLocalPort();
  }

  String baseUrl() {
    return "http://127.0.0.1:" + port();
  }

  @Override
  public void close() {
    try {
      server.stop();
    } catch (Exception e) {
      throw new IllegalStateException("Jetty did not stop", e);
    }
  }
}

package io.kxm.bench.bare;

import java.io.IOException;
import java.util.concurrent.Executors;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The bare Jetty server of the baselines, run as a child process so its memory can be read: a POST
 * endpoint that answers without doing anything, a ping, an SSE endpoint that holds connections and
 * broadcasts on request, a model that streams one fixed Anthropic Messages answer, and the bare
 * page of the console baseline. Same Jetty as the hub, servlets on virtual threads as the hub runs
 * them. Prints {@code READY <port>} when it listens; exits when its standard input closes, so a
 * killed parent leaves no server behind.
 */
public final class BareServer {
  private BareServer() {}

  public static void main(String[] args) throws Exception {
    QueuedThreadPool threads = new QueuedThreadPool();
    threads.setName("bare");
    threads.setVirtualThreadsExecutor(Executors.newVirtualThreadPerTaskExecutor());
    Server server = new Server(threads);
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    // Thousands of clients connect at once in the idle-connection run.
    connector.setAcceptQueueSize(4096);
    server.addConnector(connector);

    SseServlet sse = new SseServlet();
    ServletContextHandler context = new ServletContextHandler();
    context.setContextPath("/");
    context.addServlet(new ServletHolder(new PostServlet()), "/post");
    context.addServlet(new ServletHolder(new PingServlet()), "/ping");
    context.addServlet(new ServletHolder(sse), "/sse");
    context.addServlet(new ServletHolder(sse.broadcaster()), "/broadcast");
    context.addServlet(new ServletHolder(sse.stats()), "/stats");
    context.addServlet(new ServletHolder(new ModelStreamServlet()), "/v1/messages");
    context.addServlet(new ServletHolder(new PageServlet()), "/page/*");
    server.setHandler(context);
    server.start();

    System.out.println("READY " + connector.getLocalPort());
    System.out.flush();
    waitForParent();
    server.stop();
    System.exit(0);
  }

  private static void waitForParent() {
    try {
      while (System.in.read() >= 0) {
        // The parent writes nothing; end of input means it closed the pipe or died.
      }
    } catch (IOException e) {
      // A broken pipe means the same as end of input.
    }
  }
}

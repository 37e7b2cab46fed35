package io.kxm.bench.product;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * An in-memory stand-in that speaks the hub's messaging contract (register, send, events, reply,
 * await), so the product scenarios are shown to run before the real hub serves those routes.
 */
final class FakeHub extends HttpServlet implements HubEndpoint {
  private static final JsonMapper JSON = JsonMapper.shared();
  private final Server server = new Server();
  private final String token = "fake-token";
  private final AtomicLong ids = new AtomicLong();
  private final Map<String, String> keyById = new ConcurrentHashMap<>();
  private final Map<String, String> idByName = new ConcurrentHashMap<>();
  private final Map<String, LinkedBlockingQueue<String>> streams = new ConcurrentHashMap<>();
  private final Map<String, CompletableFuture<String>> replies = new ConcurrentHashMap<>();
  final AtomicLong sends = new AtomicLong();

  FakeHub() throws Exception {
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    server.addConnector(connector);
    ServletContextHandler context = new ServletContextHandler();
    context.addServlet(new ServletHolder(this), "/*");
    server.setHandler(context);
    server.start();
  }

  @Override
  public URI base() {
    return URI.create(
        "http://127.0.0.1:" + ((ServerConnector) server.getConnectors()[0]).getLocalPort());
  }

  @Override
  public String project() {
    return "bench";
  }

  @Override
  public String projectToken() {
    return token;
  }

  @Override
  protected void service(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    if (!("Bearer " + token).equals(req.getHeader("Authorization"))) {
      resp.sendError(401);
      return;
    }
    String[] p = req.getRequestURI().split("/");
    if (p.length == 5 && p[4].equals("agents") && req.getMethod().equals("POST")) {
      String name = JSON.readTree(req.getInputStream()).path("name").asString();
      String id = "ag_" + ids.incrementAndGet();
      keyById.put(id, "key_" + id);
      idByName.put(name, id);
      streams.put(id, new LinkedBlockingQueue<>());
      answer(resp, 201, JSON.createObjectNode().put("agentId", id).put("agentKey", "key_" + id));
      return;
    }
    String agent = p.length > 3 ? p[3] : "";
    if (!("key_" + agent).equals(req.getHeader("X-KXM-Agent-Key"))) {
      resp.sendError(403);
      return;
    }
    if (p.length == 5 && p[4].equals("events")) {
      events(streams.get(agent), resp);
    } else if (p.length == 5 && p[4].equals("messages")) {
      String target = idByName.get(JSON.readTree(req.getInputStream()).path("target").asString());
      String id = "msg_" + ids.incrementAndGet();
      replies.put(id, new CompletableFuture<>());
      sends.incrementAndGet();
      ObjectNode envelope =
          JSON.createObjectNode().put("seq", ids.get()).put("type", "message.queued");
      envelope.putObject("data").putObject("message").put("id", id);
      streams.get(target).add(envelope.toString());
      answer(resp, 201, JSON.createObjectNode().put("messageId", id).put("status", "queued"));
    } else if (p.length == 7 && p[6].equals("reply")) {
      replies.get(p[5]).complete(JSON.readTree(req.getInputStream()).path("content").asString());
      answer(resp, 200, JSON.createObjectNode().put("id", p[5]).put("status", "replied"));
    } else if (p.length == 7 && p[6].equals("await")) {
      try {
        String reply = replies.get(p[5]).get(60, TimeUnit.SECONDS);
        ObjectNode m = JSON.createObjectNode().put("id", p[5]).put("status", "replied");
        m.putObject("reply").put("content", reply);
        answer(resp, 200, m);
      } catch (Exception e) {
        resp.sendError(504);
      }
    } else {
      resp.sendError(404);
    }
  }

  private static void events(LinkedBlockingQueue<String> queue, HttpServletResponse resp)
      throws IOException {
    resp.setContentType("text/event-stream");
    var out = resp.getOutputStream();
    out.write(": ok\n\n".getBytes());
    out.flush();
    try {
      while (true) {
        String data = queue.take();
        out.write(("id: 1\ndata: " + data + "\n\n").getBytes());
        out.flush();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static void answer(HttpServletResponse resp, int status, ObjectNode body)
      throws IOException {
    resp.setStatus(status);
    resp.setContentType("application/json");
    resp.getOutputStream().write(body.toString().getBytes());
  }

  @Override
  public void close() throws Exception {
    server.stop();
  }
}

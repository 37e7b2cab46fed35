package io.kxm.bench.bare;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * The bare page of the console baseline: {@code GET /page} is one static HTML page, {@code GET
 * /page/agents.json} a list of {@link #AGENTS} agents shaped like the hub's snapshot rows.
 */
final class PageServlet extends HttpServlet {
  static final int AGENTS = 1_000;

  private final byte[] page = resource("console-page.html");
  private final byte[] agents = agentsJson();

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    boolean list = "/agents.json".equals(req.getPathInfo());
    byte[] body = list ? agents : page;
    resp.setStatus(200);
    resp.setContentType(list ? "application/json" : "text/html; charset=utf-8");
    resp.setContentLength(body.length);
    resp.getOutputStream().write(body);
  }

  private static byte[] agentsJson() {
    StringBuilder json = new StringBuilder("[");
    for (int i = 0; i < AGENTS; i++) {
      json.append(i == 0 ? "" : ",")
          .append(
              String.format(
                  Locale.ROOT,
                  "{\"id\":\"agt_%05d\",\"name\":\"console-%05d\",\"purpose\":\"holds an idle"
                      + " event stream\",\"presence\":\"online\","
                      + "\"lastSeenAt\":\"2026-01-01T00:00:00Z\"}",
                  i,
                  i));
    }
    return json.append(']').toString().getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] resource(String name) {
    try (InputStream in = PageServlet.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException(name + " is missing from the bench jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

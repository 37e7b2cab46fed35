package io.kxm.bench.bare;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/** The smallest JSON answer: the floor of an HTTP round trip on loopback. */
final class PingServlet extends HttpServlet {
  private static final byte[] ANSWER = "{\"ok\":true}".getBytes(StandardCharsets.UTF_8);

  @Override
  protected void doGet(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    resp.setStatus(200);
    resp.setContentType("application/json");
    resp.setContentLength(ANSWER.length);
    resp.getOutputStream().write(ANSWER);
  }
}

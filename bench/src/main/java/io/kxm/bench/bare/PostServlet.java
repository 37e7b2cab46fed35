package io.kxm.bench.bare;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * Reads the body and answers 201 with a reply of the size the hub gives a send: the cost of HTTP
 * alone, with no parsing and no storage.
 */
final class PostServlet extends HttpServlet {
  private static final byte[] ANSWER =
      "{\"messageId\":\"msg_01JBENCHBARE0000000000000\",\"status\":\"queued\",\"target\":\"sink\"}"
          .getBytes(StandardCharsets.UTF_8);

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    req.getInputStream().readAllBytes();
    resp.setStatus(201);
    resp.setContentType("application/json");
    resp.setContentLength(ANSWER.length);
    resp.getOutputStream().write(ANSWER);
  }
}

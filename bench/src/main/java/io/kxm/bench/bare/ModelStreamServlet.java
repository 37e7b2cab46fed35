package io.kxm.bench.bare;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * A model that answers every Anthropic Messages request at once with the same short streamed
 * answer: the events of one text block and its usage, as {@code POST /v1/messages} streams them.
 * The built-in agent's turn is measured against a client reading this same stream, so the ratio is
 * what the agent loop, the session store and the event stream add to one model call.
 */
final class ModelStreamServlet extends HttpServlet {
  static final String ANSWER_TEXT = "done";

  private static final byte[] STREAM =
      String.join(
              "",
              event(
                  "message_start",
                  "{\"type\":\"message_start\",\"message\":{\"id\":\"msg_bench\",\"type\":\"message\","
                      + "\"role\":\"assistant\",\"model\":\"claude-bench\",\"content\":[],"
                      + "\"stop_reason\":null,\"usage\":{\"input_tokens\":12,\"output_tokens\":1}}}"),
              event(
                  "content_block_start",
                  "{\"type\":\"content_block_start\",\"index\":0,"
                      + "\"content_block\":{\"type\":\"text\",\"text\":\"\"}}"),
              event(
                  "content_block_delta",
                  "{\"type\":\"content_block_delta\",\"index\":0,"
                      + "\"delta\":{\"type\":\"text_delta\",\"text\":\""
                      + ANSWER_TEXT
                      + "\"}}"),
              event("content_block_stop", "{\"type\":\"content_block_stop\",\"index\":0}"),
              event(
                  "message_delta",
                  "{\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},"
                      + "\"usage\":{\"output_tokens\":1}}"),
              event("message_stop", "{\"type\":\"message_stop\"}"))
          .getBytes(StandardCharsets.UTF_8);

  @Override
  protected void doPost(HttpServletRequest req, HttpServletResponse resp) throws IOException {
    req.getInputStream().readAllBytes();
    resp.setStatus(200);
    resp.setContentType("text/event-stream");
    resp.setContentLength(STREAM.length);
    resp.getOutputStream().write(STREAM);
  }

  private static String event(String name, String data) {
    return "event: " + name + "\ndata: " + data + "\n\n";
  }
}

package io.kxm.mcp.stdio;

import io.kxm.core.json.Json;
import io.kxm.mcp.McpJson;
import io.kxm.mcp.RequestShapes;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * The server's stdin, as the SDK reads it. It passes on only lines the SDK can read as a JSON-RPC
 * message: the SDK's stdio reader stops for good at the first line it cannot read, so one stray
 * line from a client would leave the server deaf. Every other line is answered here with a JSON-RPC
 * error and dropped. It notes each request it passes on, and holds back end-of-file from the SDK
 * until those requests are answered: once the SDK sees end-of-file it stops writing, and answers
 * still in flight would be lost.
 */
final class WatchedStdin extends InputStream {
  private static final Logger log = LoggerFactory.getLogger(WatchedStdin.class);
  static final int PARSE_ERROR = -32700;
  static final int INVALID_REQUEST = -32600;
  static final String ROOTS_CHANGED = "notifications/roots/list_changed";

  private final InputStream in;
  private final PendingRequests pending;
  private final Duration drainTimeout;
  private final Consumer<String> refusals;
  private final Predicate<JsonNode> diverted;
  private final Gate gate = new Gate();
  private final JsonRpcLines lines = new JsonRpcLines(gate);
  private final Runnable onEnd;
  private final byte[] chunk = new byte[8192];
  private byte[] ready = new byte[0];
  private int position;
  private boolean eof;
  private boolean ended;

  /**
   * @param refusals takes the error answer (one JSON-RPC message) to each line not passed on
   * @param diverted takes each valid message another layer answers instead of the SDK, and says
   *     whether it took it
   * @param onEnd runs once, after stdin ended and the answers in flight were flushed (or the drain
   *     timed out), just before the SDK is shown end-of-file
   */
  WatchedStdin(
      InputStream in,
      PendingRequests pending,
      Duration drainTimeout,
      Consumer<String> refusals,
      Predicate<JsonNode> diverted,
      Runnable onEnd) {
    this.in = in;
    this.pending = pending;
    this.drainTimeout = drainTimeout;
    this.refusals = refusals;
    this.diverted = diverted;
    this.onEnd = onEnd;
  }

  @Override
  public int read() throws IOException {
    byte[] one = new byte[1];
    int n = read(one, 0, 1);
    return n == -1 ? -1 : one[0] & 0xff;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    while (position == ready.length) {
      if (ended) {
        return -1;
      }
      fill();
    }
    int n = Math.min(length, ready.length - position);
    System.arraycopy(ready, position, buffer, offset, n);
    position += n;
    return n;
  }

  @Override
  public int available() {
    return ready.length - position;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** Reads one chunk of the real stdin and keeps the lines of it that pass. */
  private void fill() throws IOException {
    ByteArrayOutputStream passed = new ByteArrayOutputStream();
    gate.into = passed;
    if (eof) {
      drain();
      return;
    }
    int n;
    try {
      n = in.read(chunk, 0, chunk.length);
    } catch (IOException e) {
      drain();
      throw e;
    }
    if (n == -1) {
      // a last line without a newline still counts; end-of-file follows on the next fill
      eof = true;
      lines.finish();
    } else {
      lines.accept(chunk, 0, n);
    }
    ready = passed.toByteArray();
    position = 0;
  }

  private void drain() {
    if (ended) {
      return;
    }
    ended = true;
    try {
      if (!pending.awaitNone(drainTimeout)) {
        log.warn("stdin closed; giving up on {} unanswered requests", pending.size());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      onEnd.run();
    }
  }

  /** Decides, line by line, what the SDK gets. */
  private final class Gate implements JsonRpcLines.Sink {
    private ByteArrayOutputStream into;

    @Override
    public void line(String text) {
      if (text.isBlank()) {
        return;
      }
      try {
        McpSchema.deserializeJsonRpcMessage(McpJson.mapper(), text);
      } catch (Exception e) {
        JsonNode node = JsonRpcLines.parse(text);
        refuse(
            node == null ? null : node.get("id"),
            node == null ? PARSE_ERROR : INVALID_REQUEST,
            node == null
                ? "not JSON; send one JSON-RPC message per line"
                : "not a JSON-RPC 2.0 message this server reads: one object per line (no"
                    + " batches) with a method or a result, and members of the right types");
        return;
      }
      JsonNode message = JsonRpcLines.parse(text);
      Optional<String> repeated = RequestShapes.repeatedKey(text);
      if (repeated.isPresent()) {
        refuse(message.get("id"), INVALID_REQUEST, repeated.get());
        return;
      }
      if (ROOTS_CHANGED.equals(message.path("method").asString(""))) {
        // The SDK answers it by asking the client for its roots and waits for the answer on the
        // reading thread, so a client that never answers would stall every later message. This
        // server uses no roots; the notice changes nothing.
        return;
      }
      Optional<String> problem = RequestShapes.problem(message);
      if (problem.isPresent()) {
        refuse(message.get("id"), RequestShapes.INVALID_PARAMS, problem.get());
        return;
      }
      if (diverted.test(message)) {
        return;
      }
      String id = JsonRpcLines.id(message);
      if (id != null && message.has("method")) {
        pending.received(id);
      }
      byte[] bytes = (text + "\n").getBytes(StandardCharsets.UTF_8);
      into.write(bytes, 0, bytes.length);
    }

    @Override
    public void tooLong() {
      refuse(
          null,
          INVALID_REQUEST,
          "a message longer than " + JsonRpcLines.MAX_LINE + " bytes was dropped");
    }
  }

  private void refuse(JsonNode id, int code, String message) {
    JsonNode echoed = id != null && (id.isString() || id.isIntegralNumber()) ? id : null;
    refusals.accept(
        "{\"jsonrpc\":\"2.0\",\"id\":"
            + (echoed == null ? "null" : echoed.toString())
            + ",\"error\":{\"code\":"
            + code
            + ",\"message\":"
            + Json.write(message)
            + "}}");
  }
}

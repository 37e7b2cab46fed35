package io.kxm.mcp.stdio;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The server's stdout. A response counts as answered once it is flushed, not merely written, so
 * that {@link WatchedStdin} releases end-of-file only after the bytes left the process.
 */
final class WatchedStdout extends FilterOutputStream {
  private final PendingRequests pending;
  private final JsonRpcLines lines;
  private final List<String> written = new ArrayList<>();

  WatchedStdout(OutputStream out, PendingRequests pending) {
    super(out);
    this.pending = pending;
    this.lines =
        new JsonRpcLines(line -> {
          JsonNode message = JsonRpcLines.parse(line);
          String id = JsonRpcLines.id(message);
          if (id != null && !message.has("method")) {
            written.add(id);
          }
        });
  }

  @Override
  public synchronized void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public synchronized void write(byte[] bytes, int offset, int length) throws IOException {
    out.write(bytes, offset, length);
    lines.accept(bytes, offset, length);
  }

  /**
   * Writes one whole message line and flushes it. The SDK writes its messages under this stream's
   * lock as well, so the line never lands inside one of them.
   */
  synchronized void writeLine(String json) throws IOException {
    write((json + "\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
    flush();
  }

  @Override
  public synchronized void flush() throws IOException {
    out.flush();
    written.forEach(pending::answered);
    written.clear();
  }
}

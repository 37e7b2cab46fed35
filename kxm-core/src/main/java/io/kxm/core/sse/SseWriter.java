package io.kxm.core.sse;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes server-sent event frames to one response body: the one writer the hub's and the
 * supervisor's streams share. Frames collect until {@link #flush}, so a batch of events costs one
 * network write instead of one per event (per-event flushes were most of the hub's CPU under
 * fan-out); past {@value #SPILL_BYTES} buffered bytes a batch goes out early, so a long replay
 * holds little memory. Used by one thread, the stream's own, except {@link #abort}.
 */
public final class SseWriter {
  /** Buffered bytes past which frames go out before the next flush. */
  public static final int SPILL_BYTES = 32 * 1024;

  private final OutputStream out;
  private final Runnable abort;
  private byte[] bytes = new byte[1024];
  private int size;

  /**
   * @param abort closes the connection under the response at once, from any thread, without
   *     blocking; a write blocked on a client that reads nothing then fails
   */
  public SseWriter(OutputStream out, Runnable abort) {
    this.out = out;
    this.abort = abort;
  }

  /**
   * The wire form of one event, for a caller that sends one event to many streams and encodes it
   * once.
   *
   * @param id the event's id, or a negative number for none
   * @param type the event's name, or null for the default {@code message}
   */
  public static byte[] encode(long id, String type, String data) {
    SseWriter frame = new SseWriter(OutputStream.nullOutputStream(), () -> {});
    frame.append(id, type, data);
    return Arrays.copyOf(frame.bytes, frame.size);
  }

  /** An event with an id, so a client that reconnects can resume after it. */
  public void event(long id, String type, String data) throws IOException {
    append(id, type, data);
    spillIfLarge();
  }

  /** A named event without an id, such as a control message about the stream itself. */
  public void control(String type, String data) throws IOException {
    append(-1, type, data);
    spillIfLarge();
  }

  /** A frame made by {@link #encode}. */
  public void frame(byte[] encoded) throws IOException {
    put(encoded);
    spillIfLarge();
  }

  /** A comment line, which clients ignore; keeps idle connections open through proxies. */
  public void comment(String text) throws IOException {
    for (String line : text.split("\r\n|\r|\n", -1)) {
      ascii(": ");
      put(line.getBytes(StandardCharsets.UTF_8));
      ascii("\n");
    }
    ascii("\n");
    spillIfLarge();
  }

  /** Sends every frame written so far. */
  public void flush() throws IOException {
    drain();
    out.flush();
  }

  /** Drops the connection from another thread; never blocks. */
  public void abort() {
    abort.run();
  }

  private void append(long id, String type, String data) {
    if (type != null && (type.indexOf('\n') >= 0 || type.indexOf('\r') >= 0)) {
      throw new IllegalArgumentException("an event name is one line: " + type);
    }
    if (id >= 0) {
      ascii("id: ");
      ascii(Long.toString(id));
      ascii("\n");
    }
    if (type != null) {
      ascii("event: ");
      put(type.getBytes(StandardCharsets.UTF_8));
      ascii("\n");
    }
    ascii("data: ");
    data(data);
    ascii("\n\n");
  }

  /**
   * A line break inside the text would end the field early, so each line of a multi-line text
   * becomes a field line of its own, which the reader joins again. Our envelopes are JSON without
   * raw line breaks and take the one-line path.
   */
  private void data(String text) {
    if (text.indexOf('\n') < 0 && text.indexOf('\r') < 0) {
      put(text.getBytes(StandardCharsets.UTF_8));
      return;
    }
    String[] lines = text.split("\r\n|\r|\n", -1);
    for (int i = 0; i < lines.length; i++) {
      if (i > 0) {
        ascii("\ndata: ");
      }
      put(lines[i].getBytes(StandardCharsets.UTF_8));
    }
  }

  private void spillIfLarge() throws IOException {
    if (size >= SPILL_BYTES) {
      drain();
    }
  }

  private void drain() throws IOException {
    if (size == 0) {
      return;
    }
    out.write(bytes, 0, size);
    size = 0;
    if (bytes.length > 4 * SPILL_BYTES) {
      bytes = new byte[1024]; // one huge event should not pin its size for the connection's life
    }
  }

  /** Only for text known to be ASCII: field names and numbers, copied without an encoder. */
  private void ascii(String text) {
    int n = text.length();
    ensure(n);
    for (int i = 0; i < n; i++) {
      bytes[size + i] = (byte) text.charAt(i);
    }
    size += n;
  }

  private void put(byte[] encoded) {
    ensure(encoded.length);
    System.arraycopy(encoded, 0, bytes, size, encoded.length);
    size += encoded.length;
  }

  private void ensure(int more) {
    if (size + more > bytes.length) {
      bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
  }
}

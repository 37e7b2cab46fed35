package io.kxm.bench.bare;

import java.nio.charset.StandardCharsets;

/**
 * An SSE frame shaped like the hub's envelope ({@code id:} line, one JSON {@code data:} line),
 * padded so the data line is {@code bytes} long: baseline and product then move the same bytes.
 */
public final class EventFrame {
  private EventFrame() {}

  public static byte[] of(long seq, int bytes) {
    String head =
        "{\"seq\":"
            + seq
            + ",\"type\":\"message.queued\",\"ts\":\"2025-01-01T00:00:00.000Z\","
            + "\"agentId\":\"ag_bench\",\"data\":{\"message\":{\"id\":\"msg_"
            + seq
            + "\",\"content\":\"";
    String tail = "\"}}}";
    int pad = Math.max(0, bytes - head.length() - tail.length());
    String frame = "id: " + seq + "\ndata: " + head + "x".repeat(pad) + tail + "\n\n";
    return frame.getBytes(StandardCharsets.UTF_8);
  }
}

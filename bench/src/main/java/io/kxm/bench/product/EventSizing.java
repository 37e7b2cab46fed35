package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * Sizes message content so that the hub's {@code message.queued} event for it has a data line as
 * long as the baselines' events: product and baseline then move the same bytes per event, although
 * the hub's envelope wraps the content in the whole message record.
 */
final class EventSizing {
  private static final int PROBE_CONTENT = 100;

  private EventSizing() {}

  /**
   * Sends one probe message from {@code sender} to an agent of its own, reads the event it makes,
   * and returns content for messages from {@code sender} to {@code target} whose events carry
   * {@code dataBytes} bytes of data.
   */
  static String contentFor(
      HubClient client, HttpConnection c, Agent sender, Agent target, int dataBytes)
      throws IOException {
    Agent probe = client.register(c, "size-probe-" + sender.name(), "sizes benchmark events");
    c.send(client.sendRequest(sender, probe.name(), Payloads.content(PROBE_CONTENT)))
        .expect(201, "send to the size probe");
    SseFrame event;
    try (SseStream s = client.events(probe).readTimeout(Duration.ofSeconds(30))) {
      event = s.next();
    }
    if (event == null || !event.data().contains("\"message.queued\"")) {
      throw new IllegalStateException(
          "the size probe's stream did not carry its message: " + event);
    }
    int probeBytes = event.data().getBytes(StandardCharsets.UTF_8).length;
    // The envelope names the recipient, whose name may be longer or shorter than the probe's.
    int nameDelta = target.name().length() - probe.name().length();
    return Payloads.content(Math.max(1, PROBE_CONTENT + dataBytes - probeBytes - nameDelta));
  }
}

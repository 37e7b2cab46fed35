package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.client.SseStream;
import java.io.IOException;
import java.util.function.BiConsumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An agent's event stream read on its own virtual thread: each inbound request ({@code
 * message.queued}) is handed to a handler with the nanosecond it arrived.
 */
final class Inbox implements AutoCloseable {
  private final SseStream stream;
  private volatile boolean closing;

  private Inbox(SseStream stream) {
    this.stream = stream;
  }

  /** Opens the stream (the hub has answered 200 when this returns) and starts reading it. */
  static Inbox open(HubClient hub, Agent agent, BiConsumer<JsonNode, Long> onRequest)
      throws IOException {
    Inbox inbox = new Inbox(hub.events(agent));
    Thread.ofVirtual().name("inbox-" + agent.name()).start(() -> inbox.read(onRequest));
    return inbox;
  }

  /**
   * Opens the stream and reads it without decoding, for a recipient that only has to be online and
   * keep up: the client's CPU then goes to the load it drives.
   */
  static Inbox drain(HubClient hub, Agent agent) throws IOException {
    Inbox inbox = new Inbox(hub.events(agent));
    Thread.ofVirtual().name("drain-" + agent.name()).start(inbox::skipAll);
    return inbox;
  }

  private void skipAll() {
    try {
      while (stream.skip()) {
        // Only keeping up matters.
      }
    } catch (IOException e) {
      if (!closing) {
        Log.warn("event stream ended: " + e);
      }
    }
  }

  private void read(BiConsumer<JsonNode, Long> onRequest) {
    try {
      var e = stream.next();
      while (e != null) {
        long arrived = System.nanoTime();
        JsonNode envelope = JsonMapper.shared().readTree(e.data());
        if ("message.queued".equals(envelope.path("type").asString())) {
          onRequest.accept(envelope.path("data").path("message"), arrived);
        }
        e = stream.next();
      }
    } catch (IOException | RuntimeException err) {
      if (!closing) {
        Log.warn("event stream ended: " + err);
      }
    }
  }

  @Override
  public void close() {
    closing = true;
    stream.close();
  }
}

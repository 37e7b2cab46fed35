package io.kxm.bench.product;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One send, timed from its start until the hub shows it where {@link Watch} says: on the
 * recipient's own event stream, or as its {@code message.sent} entry on the operations stream.
 */
final class SendExchange implements ExchangeScenario.Exchange {
  /** Where the send is watched for. */
  enum Watch {
    RECIPIENT,
    OPERATIONS
  }

  private final Watch watch;
  private final Arrivals arrivals = new Arrivals();
  private HttpConnection connection;
  private Inbox inbox;
  private SseStream ops;
  private volatile boolean closing;
  private Request send;

  SendExchange(Watch watch) {
    this.watch = watch;
  }

  @Override
  public void open(HubClient client) throws Exception {
    connection = HttpConnection.open(client.base());
    // Names of each watch's own: both exchanges run on the shared hub, and registering a name
    // again rotates the key the other holds.
    String prefix = "latency-" + watch.name().toLowerCase(java.util.Locale.ROOT);
    Agent sender = client.register(connection, prefix + "-sender", "sends one at a time");
    Agent recipient = client.register(connection, prefix + "-recipient", "receives");
    switch (watch) {
      case RECIPIENT ->
          inbox =
              Inbox.open(
                  client,
                  recipient,
                  (message, arrived) -> arrivals.arrived(message.path("id").asString(), arrived));
      case OPERATIONS -> {
        // The recipient is online, as in the other exchange, with nobody timing its stream.
        inbox = Inbox.drain(client, recipient);
        ops =
            SseStream.open(
                client.base(),
                "/v1/ops/events?after=" + client.opsSeq(connection),
                client.projectAuthorization(),
                16 * 1024);
        Thread.ofVirtual().name("ops-reader").start(this::readOps);
      }
    }
    send = client.sendRequest(sender, recipient.name(), Payloads.content(Payloads.SEND_BYTES - 40));
  }

  @Override
  public long once() throws Exception {
    long t0 = System.nanoTime();
    String id = HubClient.messageId(connection.send(send));
    return arrivals.await(id) - t0;
  }

  private void readOps() {
    try {
      for (SseFrame frame = ops.next(); frame != null; frame = ops.next()) {
        long arrived = System.nanoTime();
        JsonNode entry = JsonMapper.shared().readTree(frame.data());
        if ("message.sent".equals(entry.path("kind").asString())) {
          arrivals.arrived(entry.path("messageId").asString(), arrived);
        }
      }
    } catch (IOException | RuntimeException e) {
      if (!closing) {
        Log.warn("ops stream ended: " + e);
      }
    }
  }

  @Override
  public void close() {
    closing = true;
    if (inbox != null) {
      inbox.close();
    }
    if (ops != null) {
      ops.close();
    }
    if (connection != null) {
      connection.close();
    }
  }
}

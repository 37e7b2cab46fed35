package io.kxm.bench.product;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * The whole exchange, one at a time: the sender sends, the recipient receives it on its event
 * stream and replies, and the sender's await returns the replied message.
 */
final class RoundTripExchange implements ExchangeScenario.Exchange {
  private final AtomicReference<Exception> replyFailure = new AtomicReference<>();
  private HubClient client;
  private HttpConnection senderConnection;
  private HttpConnection replierConnection;
  private Inbox inbox;
  private Agent sender;
  private Request send;

  @Override
  public void open(HubClient hub) throws Exception {
    client = hub;
    senderConnection = HttpConnection.open(client.base());
    replierConnection = HttpConnection.open(client.base());
    sender = client.register(senderConnection, "trip-sender", "asks and awaits");
    Agent recipient = client.register(senderConnection, "trip-recipient", "replies");
    // The replier's connection is used only by the inbox thread, one reply at a time.
    inbox =
        Inbox.open(
            client,
            recipient,
            (message, arrived) -> {
              try {
                client.reply(replierConnection, recipient, message.path("id").asString(), "done");
              } catch (Exception e) {
                replyFailure.compareAndSet(null, e);
              }
            });
    send = client.sendRequest(sender, recipient.name(), Payloads.content(Payloads.SEND_BYTES - 40));
  }

  @Override
  public long once() throws Exception {
    long t0 = System.nanoTime();
    String id = HubClient.messageId(senderConnection.send(send));
    JsonNode answered = client.await(senderConnection, sender, id);
    long took = System.nanoTime() - t0;
    if (replyFailure.get() != null) {
      throw new IllegalStateException("the recipient could not reply", replyFailure.get());
    }
    JsonNode status = answered.findValue("status");
    if (status == null || !"replied".equals(status.asString())) {
      throw new IllegalStateException(
          "await of " + id + " returned without the reply: " + answered);
    }
    return took;
  }

  @Override
  public void close() {
    if (inbox != null) {
      inbox.close();
    }
    if (senderConnection != null) {
      senderConnection.close();
    }
    if (replierConnection != null) {
      replierConnection.close();
    }
  }
}

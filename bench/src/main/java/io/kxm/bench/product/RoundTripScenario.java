package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.Payloads;
import io.kxm.bench.client.Request;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;

/**
 * The whole exchange, one at a time: the sender sends, the recipient receives it on its event
 * stream and replies, and the sender's await returns the replied message.
 */
public final class RoundTripScenario implements Scenario {
  private final HubSource hub;

  public RoundTripScenario() {
    this(HubSource.SQLITE);
  }

  public RoundTripScenario(HubSource hub) {
    this.hub = hub;
  }

  @Override
  public String name() {
    return "round-trip";
  }

  @Override
  public String title() {
    return "round trip: send, receive, reply, await, " + hub.label();
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-http-latency", "p50", Target.atMost(6.0)),
        new Comparison("p99", "bare-http-latency", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private final AtomicReference<Exception> replyFailure = new AtomicReference<>();
      private HubClient client;
      private HttpConnection senderConnection;
      private HttpConnection replierConnection;
      private Inbox inbox;
      private Agent sender;
      private Request send;

      @Override
      public String what() {
        return "hub send, SSE receive, reply, await; 1 pair of agents";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("p50"), Metric.millis("p99"));
      }

      @Override
      public void setup(Run run) throws Exception {
        hub.get(run); // the shared hub starts alongside the other setups
      }

      @Override
      public void prepare(Run run) throws Exception {
        client = new HubClient(hub.get(run));
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
                    client.reply(
                        replierConnection, recipient, message.path("id").asString(), "done");
                  } catch (Exception e) {
                    replyFailure.compareAndSet(null, e);
                  }
                });
        send =
            client.sendRequest(
                sender, recipient.name(), Payloads.content(Payloads.SEND_BYTES - 40));
        sample(run.size(200, 1_000));
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = sample(run.size(300, 2_000));
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      private Latencies sample(int count) throws Exception {
        Latencies l = new Latencies(count);
        for (int i = 0; i < count; i++) {
          long t0 = System.nanoTime();
          String id = HubClient.messageId(senderConnection.send(send));
          JsonNode answered = client.await(senderConnection, sender, id);
          l.add(System.nanoTime() - t0);
          if (replyFailure.get() != null) {
            throw new IllegalStateException("the recipient could not reply", replyFailure.get());
          }
          JsonNode status = answered.findValue("status");
          if (status == null || !"replied".equals(status.asString())) {
            throw new IllegalStateException(
                "await of " + id + " returned without the reply: " + answered);
          }
        }
        return l;
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
    };
  }
}

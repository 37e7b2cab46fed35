package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Payloads;
import io.nats.client.IterableConsumer;
import io.nats.client.JetStream;
import io.nats.client.Message;
import io.nats.client.OrderedConsumerContext;
import io.nats.client.api.OrderedConsumerConfiguration;
import io.nats.client.api.PublishAck;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * An ordered pull consumer reading 100,000 stored messages from the start, with the client's
 * default batching: the bar for replaying a backlog to a resuming subscriber.
 */
public final class NatsOrderedReplay implements Measure {
  private static final int MESSAGES = 100_000;

  /** With {@code --quick}: as many as the hub's replay then reads, and a tenth of the setup. */
  private static final int QUICK_MESSAGES = 5_000;

  private int messages;
  private static final int IN_FLIGHT = 2_000;
  private NatsStream stream;

  @Override
  public String what() {
    return "NATS JetStream ordered pull consumer over "
        + String.format(java.util.Locale.ROOT, "%,d", MESSAGES)
        + " stored 500-byte messages ("
        + String.format(java.util.Locale.ROOT, "%,d", QUICK_MESSAGES)
        + " with --quick)";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("msgs/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    stream = NatsStream.create("replay");
    byte[] body = Payloads.content(Payloads.SEND_BYTES).getBytes(StandardCharsets.UTF_8);
    JetStream js = stream.admin().jetStream();
    ArrayDeque<CompletableFuture<PublishAck>> pending = new ArrayDeque<>();
    messages = run.size(QUICK_MESSAGES, MESSAGES);
    for (int i = 0; i < messages; i++) {
      pending.add(js.publishAsync(stream.subject, body));
      if (pending.size() >= IN_FLIGHT) {
        pending.poll().get();
      }
    }
    for (CompletableFuture<PublishAck> f : pending) {
      f.get();
    }
  }

  @Override
  public void prepare(Run run) throws Exception {
    readAll(); // warm-up
  }

  @Override
  public double[] once(Run run) throws Exception {
    long t0 = System.nanoTime();
    int read = readAll();
    return new double[] {read / ((System.nanoTime() - t0) / 1e9)};
  }

  private int readAll() throws Exception {
    OrderedConsumerContext consumer =
        stream
            .admin()
            .getStreamContext(stream.name)
            .createOrderedConsumer(new OrderedConsumerConfiguration());
    int read = 0;
    try (IterableConsumer it = consumer.iterate()) {
      while (read < messages) {
        Message m = it.nextMessage(Duration.ofSeconds(10));
        if (m == null) {
          throw new IllegalStateException(
              "the ordered consumer stalled after " + read + " messages");
        }
        read++;
      }
    }
    return read;
  }

  @Override
  public void close() throws Exception {
    if (stream != null) {
      stream.close();
    }
  }
}

package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.nats.client.Connection;
import io.nats.client.JetStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Sixteen publishers, each on its own connection as sixteen agents would be, each waiting for the
 * JetStream acknowledgement before the next message: what a team would assemble instead of the hub.
 */
public final class NatsPublish implements Measure {
  private static final int PUBLISHERS = 16;
  private final byte[] body =
      Payloads.content(Payloads.SEND_BYTES).getBytes(StandardCharsets.UTF_8);
  private NatsStream stream;
  private Load load;

  @Override
  public String what() {
    return "NATS JetStream file stream, "
        + PUBLISHERS
        + " publishers each awaiting its ack, "
        + Payloads.SEND_BYTES
        + "-byte messages";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("msgs/s"));
  }

  @Override
  public void prepare(Run run) throws Exception {
    stream = NatsStream.create("pub");
    load = Load.open(PUBLISHERS, this::publisher);
    load.perSecond(run.warmup());
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {load.perSecond(run.window())};
  }

  private Load.Worker publisher(int index) throws Exception {
    Connection c = NatsStream.connect();
    JetStream js = c.jetStream();
    String subject = stream.subject;
    return new Load.Worker() {
      @Override
      public void once() throws Exception {
        js.publish(subject, body);
      }

      @Override
      public void close() throws Exception {
        c.close();
      }
    };
  }

  @Override
  public void close() throws Exception {
    if (load != null) {
      load.close();
    }
    if (stream != null) {
      stream.close();
    }
  }
}

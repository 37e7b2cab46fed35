package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.client.Load;
import io.kxm.bench.client.Payloads;
import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.util.List;
import java.util.Map;

/**
 * Sixteen clients, each on its own connection, each waiting for its {@code XADD} to return, on a
 * Redis with AOF {@code everysec}: the other thing a team would assemble instead of the hub.
 */
public final class RedisXadd implements Measure {
  private static final int CLIENTS = 16;
  private final Map<String, String> entry =
      Map.of("content", Payloads.content(Payloads.SEND_BYTES));
  private RedisServer server;
  private RedisClient client;
  private Load load;

  @Override
  public String what() {
    return "Redis Streams XADD, "
        + CLIENTS
        + " clients each waiting, AOF everysec, "
        + Payloads.SEND_BYTES
        + "-byte messages";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("msgs/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    server = RedisServer.start(run);
  }

  @Override
  public void prepare(Run run) throws Exception {
    client = RedisClient.create(RedisURI.create("127.0.0.1", server.port));
    load = Load.open(CLIENTS, this::adder);
    load.perSecond(run.warmup());
  }

  @Override
  public double[] once(Run run) throws Exception {
    return new double[] {load.perSecond(run.window())};
  }

  private Load.Worker adder(int index) {
    StatefulRedisConnection<String, String> c = client.connect();
    RedisCommands<String, String> sync = c.sync();
    return new Load.Worker() {
      @Override
      public void once() {
        sync.xadd("kxm-bench", entry);
      }

      @Override
      public void close() {
        c.close();
      }
    };
  }

  @Override
  public void close() {
    if (load != null) {
      load.close();
    }
    if (client != null) {
      client.shutdown();
    }
    if (server != null) {
      server.close();
    }
  }
}

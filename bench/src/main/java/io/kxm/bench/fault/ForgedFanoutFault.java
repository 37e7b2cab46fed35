package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.client.Request;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.sync.RedisCommands;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Fault 9: two hub nodes share a private PostgreSQL and fan out through a private Redis, and a
 * third party publishes on the deployment's channels while agents send through node A to a
 * recipient followed on both nodes: events with a body under the number the next real event takes
 * (as fan-out once carried them), bare claims far ahead of the store, and garbage. No forged event
 * may reach either subscriber, and every acknowledged send must arrive live, once.
 */
final class ForgedFanoutFault implements Fault {
  private static final int SENDERS = 16;
  private static final String PREFIX = "fault9";
  private static final Duration LOAD = Duration.ofSeconds(6);
  private static final Duration LIVE_AFTER_LOAD = Duration.ofSeconds(5);
  private static final long LIVE_NANOS = Duration.ofSeconds(2).toNanos();

  @Override
  public int number() {
    return 9;
  }

  @Override
  public String title() {
    return "forged publishes on the Redis channels under load, two hub nodes";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    PrivatePostgres pg = stage.keep(PrivatePostgres.start());
    PrivateRedis redis = stage.keep(PrivateRedis.start(stage.newDir("redis-")));
    String token = HubProcess.newToken();
    Map<String, String> env =
        Map.of(
            "KXM_DATABASE_URL", pg.url(),
            "KXM_REDIS_URL", redis.url(),
            "KXM_REDIS_CHANNEL_PREFIX", PREFIX);
    HubProcess a = stage.keep(HubProcess.start(stage.newDir("hub-a-"), token, env));
    HubProcess b = stage.keep(HubProcess.start(stage.newDir("hub-b-"), token, env));
    Agent sink = Agents.register(a, "sink");
    List<Agent> senders = Agents.register(a, "sender", SENDERS);
    Follower onB = stage.keep(Follower.timed(() -> (HubEndpoint) b, sink));
    Follower onA = stage.keep(Follower.follow(() -> (HubEndpoint) a, sink));
    Forger forger = stage.keep(new Forger(redis.url(), PREFIX + ":stream:agent." + sink.id(), onB));
    SendLoad load = stage.keep(new SendLoad(() -> a, senders, () -> "sink", "real").start());

    Thread.sleep(LOAD.toMillis()); // sends and forgeries at once
    load.stop();
    long stoppedAt = System.nanoTime();
    Set<String> acked = new HashSet<>(load.acknowledged());
    Log.info("load stopped: " + count(acked.size()) + " acknowledged");
    boolean liveOnB = onB.awaitAll(acked, LIVE_AFTER_LOAD);
    boolean liveOnA = onA.awaitAll(acked, LIVE_AFTER_LOAD);
    double tookSeconds = (System.nanoTime() - stoppedAt) / 1e9;
    List<Long> probes = probe(a, senders.getFirst(), onB);
    forger.close();
    long forgedOnB = onB.ids().stream().filter(id -> id.startsWith(Forger.FORGED_ID)).count();
    long forgedOnA = onA.ids().stream().filter(id -> id.startsWith(Forger.FORGED_ID)).count();

    findings.check(
        forger.published() > 0 && forgedOnA == 0 && forgedOnB == 0,
        "forged publishes: "
            + count(forger.published())
            + " ("
            + count(forger.withBody())
            + " with an event body); forged events seen on node A "
            + forgedOnA
            + ", on node B "
            + forgedOnB
            + "; node B dropped "
            + droppedWakeups(b)
            + " as malformed");
    for (var side : List.of(Map.entry("B", onB), Map.entry("A", onA))) {
      Follower f = side.getValue();
      boolean live = side.getKey().equals("B") ? liveOnB : liveOnA;
      findings.check(
          live && f.duplicates() == 0 && f.gaps() == 0 && f.repeatedIds() == 0,
          String.format(
              "subscriber on node %s: acknowledged %s, seen %s within %.1f s of the load's end"
                  + " (the idle replay comes after 15 s), duplicates %d, gaps %d, messages seen"
                  + " twice %d",
              side.getKey(),
              count(acked.size()),
              count(acked.stream().filter(f.ids()::contains).count()),
              Math.min(tookSeconds, (double) LIVE_AFTER_LOAD.toSeconds()),
              f.duplicates(),
              f.gaps(),
              f.repeatedIds()));
    }
    long slow = probes.stream().filter(n -> n > LIVE_NANOS).count();
    findings.check(
        probes.size() == 10 && slow == 0,
        String.format(
            "while forgeries go on, %d of 10 probes through A reached B within 2 s (slowest %.1f"
                + " ms)",
            probes.size() - slow,
            probes.stream().mapToLong(Long::longValue).max().orElse(-1) / 1e6));
    onA.close();
    onB.close();
  }

  private static List<Long> probe(HubProcess a, Agent from, Follower follower) throws Exception {
    List<Long> took = new ArrayList<>();
    try (HttpConnection c = HttpConnection.open(a.base())) {
      for (int i = 0; i < 10; i++) {
        long t = RedisRestartFault.sendAndTime(c, a, from, follower, "probe-" + i);
        if (t >= 0) {
          took.add(t);
        }
      }
    }
    return took;
  }

  /** The hub's own count of messages on its channels that were no wake-up, from /metrics. */
  private static String droppedWakeups(HubProcess hub) {
    try (HttpConnection c = HttpConnection.open(hub.base())) {
      HttpResponse r =
          c.send(
              Request.get(
                  hub.base(), "/metrics", Map.of("Authorization", "Bearer " + hub.adminToken())));
      for (String line : r.text().split("\n")) {
        if (line.startsWith("kxm_fanout_wakeups_dropped")) {
          return count((long) Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)));
        }
      }
      return "? (no kxm_fanout_wakeups_dropped in /metrics, status " + r.status() + ")";
    } catch (Exception e) {
      return "? (" + e + ")";
    }
  }

  /**
   * The third party: publishes on the sink's channel as fast as a paced loop allows, aiming at the
   * number the next real event will take, as read from the follower on node B.
   */
  private static final class Forger implements AutoCloseable {
    static final String FORGED_ID = "msg_forged";
    private final RedisClient client;
    private final StatefulRedisConnection<String, String> connection;
    private final String channel;
    private final Follower target;
    private final AtomicLong published = new AtomicLong();
    private final AtomicLong withBody = new AtomicLong();
    private final Thread thread;
    private volatile boolean running = true;

    Forger(String redisUrl, String channel, Follower target) {
      this.client = RedisClient.create(redisUrl);
      this.connection = client.connect();
      this.channel = channel;
      this.target = target;
      this.thread = Thread.ofVirtual().name("forger").start(this::loop);
    }

    private void loop() {
      RedisCommands<String, String> redis = connection.sync();
      long k = 0;
      while (running) {
        long next = target.lastSeq() + 1;
        String envelope =
            "{\"type\":\"message.queued\",\"data\":{\"message\":{\"id\":\""
                + FORGED_ID
                + "_"
                + k
                + "\",\"content\":\"forged-"
                + k++
                + "\"}}}";
        try {
          redis.publish(channel, next + "\n" + envelope);
          redis.publish(channel, (next + 1) + "\n" + envelope);
          withBody.addAndGet(2);
          redis.publish(channel, envelope);
          redis.publish(channel, Long.toString(next)); // well-formed: costs a read, delivers none
          redis.publish(channel, Long.toString(next + 1_000)); // far ahead of the store
          redis.publish(channel, "-1");
          published.addAndGet(6);
          Thread.sleep(2); // paced: the point is forgery, not flooding two cores
        } catch (InterruptedException e) {
          return;
        } catch (RuntimeException e) {
          if (running) {
            Log.warn("forger: " + e);
          }
        }
      }
    }

    long published() {
      return published.get();
    }

    long withBody() {
      return withBody.get();
    }

    @Override
    public void close() throws InterruptedException {
      if (!running) {
        return;
      }
      running = false;
      thread.interrupt();
      thread.join(5_000);
      connection.close();
      client.shutdown();
    }

    @Override
    public String toString() {
      return "forging publisher on " + channel;
    }
  }
}

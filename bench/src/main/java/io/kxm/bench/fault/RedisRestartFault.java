package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fault 4: two hub nodes share a private PostgreSQL and fan out through a private Redis. Agents
 * send through node A to a recipient whose stream is served by node B; Redis is killed under that
 * load and started again. Node B's subscriber must fill the gap by replay (every acknowledged send
 * once, no hole), and live fan-out must come back: a probe sent through A then reaches B in well
 * under the 15 s heartbeat, the only other path an event could take.
 */
final class RedisRestartFault implements Fault {
  private static final int SENDERS = 16;
  private static final Duration BEFORE = Duration.ofSeconds(3);
  private static final Duration DOWN = Duration.ofSeconds(3);
  private static final Duration AFTER = Duration.ofSeconds(3);
  private static final long LIVE_NANOS = Duration.ofSeconds(2).toNanos();

  @Override
  public int number() {
    return 4;
  }

  @Override
  public String title() {
    return "Redis restarted under load, two hub nodes";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    PrivatePostgres pg = stage.keep(PrivatePostgres.start());
    PrivateRedis redis = stage.keep(PrivateRedis.start(stage.newDir("redis-")));
    String token = HubProcess.newToken();
    Map<String, String> env = Map.of("KXM_DATABASE_URL", pg.url(), "KXM_REDIS_URL", redis.url());
    // One after the other: on a busy machine two starting JVMs would each take twice as long.
    HubProcess a = stage.keep(HubProcess.start(stage.newDir("hub-a-"), token, env));
    HubProcess b = stage.keep(HubProcess.start(stage.newDir("hub-b-"), token, env));
    Agent sink = Agents.register(a, "sink");
    List<Agent> senders = Agents.register(a, "sender", SENDERS);
    Follower follower = stage.keep(Follower.timed(() -> (HubEndpoint) b, sink));
    SendLoad load = stage.keep(new SendLoad(() -> a, senders, () -> "sink", "redis").start());

    Thread.sleep(BEFORE.toMillis()); // load before the fault
    long ackedBefore = load.acknowledgedCount();
    Map<String, Long> refusedBefore = load.refusals();
    redis.kill();
    Thread.sleep(DOWN.toMillis()); // the outage
    long ackedWhileDown = load.acknowledgedCount() - ackedBefore;
    Map<String, Long> refusedWhileDown = PostgresRestartFault.minus(load.refusals(), refusedBefore);
    redis.startAgain();
    long upAt = System.nanoTime();
    Thread.sleep(AFTER.toMillis()); // load after the restart
    load.stop();
    Set<String> acked = new HashSet<>(load.acknowledged());
    Log.info("load stopped: " + count(acked.size()) + " acknowledged");
    boolean allSeen = follower.awaitAll(acked, Duration.ofSeconds(60));

    findings.check(
        ackedWhileDown > 0 && refusedWhileDown.isEmpty(),
        "sends through node A while Redis was down: "
            + count(ackedWhileDown)
            + " acknowledged, refused "
            + refusedWhileDown
            + " (PostgreSQL holds them; Redis only fans out)");
    findings.check(
        allSeen
            && follower.duplicates() == 0
            && follower.gaps() == 0
            && follower.repeatedIds() == 0,
        "subscriber on node B: acknowledged "
            + count(acked.size())
            + ", seen "
            + count(acked.stream().filter(follower.ids()::contains).count())
            + ", duplicates "
            + follower.duplicates()
            + ", gaps "
            + follower.gaps()
            + ", messages seen twice "
            + follower.repeatedIds());

    List<Long> probes = probe(a, senders.getFirst(), follower, upAt);
    long slow = probes.stream().filter(n -> n > LIVE_NANOS).count();
    findings.check(
        probes.size() == 10 && slow == 0,
        String.format(
            "live fan-out back: %d of 10 probes through A reached B within 2 s (slowest %.1f ms);"
                + " heartbeat replay would take up to 15 s",
            probes.size() - slow,
            probes.stream().mapToLong(Long::longValue).max().orElse(-1) / 1e6));
    follower.close();
  }

  /**
   * Waits until a probe crosses from A to B within the live window (Lettuce reconnects by itself),
   * then sends 10 more, one at a time, and returns how long each took to arrive.
   */
  private static List<Long> probe(HubProcess a, Agent from, Follower follower, long upAt)
      throws Exception {
    List<Long> took = new ArrayList<>();
    try (HttpConnection c = HttpConnection.open(a.base())) {
      int n = 0;
      boolean live = false;
      while (!live && System.nanoTime() - upAt < Duration.ofSeconds(60).toNanos()) {
        long t = sendAndTime(c, a, from, follower, "probe-warm-" + n++);
        live = t >= 0 && t <= LIVE_NANOS;
      }
      Log.info(
          String.format(
              "live fan-out through Redis back %.1f s after its restart",
              (System.nanoTime() - upAt) / 1e9));
      for (int i = 0; i < 10; i++) {
        long t = sendAndTime(c, a, from, follower, "probe-" + i);
        if (t >= 0) {
          took.add(t);
        }
      }
    }
    return took;
  }

  /** Nanoseconds from send to arrival at B, up to 3 s; -1 or more than the window when late. */
  static long sendAndTime(
      HttpConnection c, HubEndpoint a, Agent from, Follower follower, String content)
      throws Exception {
    long t0 = System.nanoTime();
    HttpResponse r = c.send(Wire.send(a, from, "sink", content));
    if (r.status() != 201) {
      return -1;
    }
    while (System.nanoTime() - t0 < Duration.ofSeconds(3).toNanos()) {
      Long arrived = follower.arrival(content);
      if (arrived != null) {
        return arrived - t0;
      }
      Thread.sleep(1); // polling the follower's arrival map
    }
    return Long.MAX_VALUE;
  }
}

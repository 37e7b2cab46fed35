package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import java.time.Duration;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fault 3: the hub runs on a private PostgreSQL that is stopped at once (as by a crash) under
 * 16-agent send load and started again after a few seconds. While it is down the hub must answer
 * every request with an error code; afterwards it must recover without a restart of its own and
 * have lost no acknowledged send.
 */
final class PostgresRestartFault implements Fault {
  private static final int SENDERS = 16;
  private static final Duration BEFORE = Duration.ofSeconds(3);
  private static final Duration DOWN = Duration.ofSeconds(6);
  private static final Duration AFTER = Duration.ofSeconds(3);

  @Override
  public int number() {
    return 3;
  }

  @Override
  public String title() {
    return "PostgreSQL restarted under send load";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    PrivatePostgres pg = stage.keep(PrivatePostgres.start());
    HubProcess hub =
        stage.keep(
            HubProcess.start(
                stage.newDir("hub-"), HubProcess.newToken(), Map.of("KXM_DATABASE_URL", pg.url())));
    Agent sink = Agents.register(hub, "sink");
    List<Agent> senders = Agents.register(hub, "sender", SENDERS);
    Follower follower = stage.keep(Follower.follow(() -> (HubEndpoint) hub, sink));
    SendLoad load = stage.keep(new SendLoad(() -> hub, senders, () -> "sink", "pg").start());

    Thread.sleep(BEFORE.toMillis()); // load before the fault
    long ackedBefore = load.acknowledgedCount();
    Map<String, Long> refusedBefore = load.refusals();
    long silentBefore = load.noAnswerCount();
    pg.stopImmediately();
    Thread.sleep(DOWN.toMillis()); // the outage
    Map<String, Long> whileDown = minus(load.refusals(), refusedBefore);
    long silentWhileDown = load.noAnswerCount() - silentBefore;
    long ackedWhileDown = load.acknowledgedCount() - ackedBefore;
    pg.startAgain();
    long upAt = System.nanoTime();
    long ackedAtUp = load.acknowledgedCount();
    double recovered = -1;
    while (System.nanoTime() - upAt < Duration.ofSeconds(60).toNanos()) {
      if (load.acknowledgedCount() >= ackedAtUp + 100) {
        recovered = (System.nanoTime() - upAt) / 1e9;
        break;
      }
      Thread.sleep(50); // polling the load's counter
    }
    Thread.sleep(AFTER.toMillis()); // load after recovery
    load.stop();
    Set<String> acked = new HashSet<>(load.acknowledged());
    Log.info("load stopped: " + count(acked.size()) + " acknowledged");
    boolean allSeen = follower.awaitAll(acked, Duration.ofSeconds(60));
    long present = Agents.present(hub, sink, acked);
    follower.close();

    long refusedDown = whileDown.values().stream().mapToLong(Long::longValue).sum();
    boolean allCoded =
        whileDown.keySet().stream().noneMatch(k -> k.contains("without") || k.endsWith("internal"));
    findings.check(
        refusedDown > 0 && allCoded && silentWhileDown == 0,
        "while PostgreSQL was down ("
            + DOWN.toSeconds()
            + " s): "
            + count(refusedDown)
            + " sends refused with "
            + whileDown
            + ", "
            + silentWhileDown
            + " without an answer, "
            + ackedWhileDown
            + " acknowledged (committed before the stop)");
    findings.check(
        recovered >= 0 && hub.child().alive(),
        recovered >= 0
            ? String.format(
                "recovered by itself: 100 more sends acknowledged %.1f s after PostgreSQL was back,"
                    + " same hub process",
                recovered)
            : "no recovery within 60 s of PostgreSQL being back");
    findings.check(
        present == acked.size(),
        "acknowledged "
            + count(acked.size())
            + ", present "
            + count(present)
            + ", missing "
            + count(acked.size() - present));
    findings.check(
        allSeen
            && follower.duplicates() == 0
            && follower.gaps() == 0
            && follower.repeatedIds() == 0,
        "resuming subscriber: "
            + count(follower.events())
            + " events over "
            + count(follower.connections())
            + " connections, all acknowledged seen: "
            + (allSeen ? "yes" : "no")
            + ", duplicates "
            + follower.duplicates()
            + ", gaps "
            + follower.gaps());
  }

  static Map<String, Long> minus(Map<String, Long> now, Map<String, Long> before) {
    Map<String, Long> diff = new HashMap<>();
    now.forEach((k, v) -> {
      long d = v - before.getOrDefault(k, 0L);
      if (d > 0) {
        diff.put(k, d);
      }
    });
    return diff;
  }
}

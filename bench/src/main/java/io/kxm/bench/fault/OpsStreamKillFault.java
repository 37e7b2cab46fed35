package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fault 12: the hub (on SQLite) is killed with SIGKILL while 16 agents send and an operator follows
 * the operations stream, then started again on the same store. The follower, resuming with {@code
 * Last-Event-ID}, must see every acknowledged send's {@code message.sent} once, with the stream's
 * numbers in order and without a hole.
 */
final class OpsStreamKillFault implements Fault {
  private static final int SENDERS = 16;
  private static final Duration LOAD = Duration.ofSeconds(6);

  @Override
  public int number() {
    return 12;
  }

  @Override
  public String title() {
    return "kill -9 of the hub while an operator follows the operations stream, restart";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    HubProcess first = stage.keep(HubProcess.start(dir, token, Map.of()));
    AtomicReference<HubProcess> hub = new AtomicReference<>(first);
    Agents.register(first, "sink");
    List<Agent> senders = Agents.register(first, "sender", SENDERS);
    Follower follower = stage.keep(Follower.operations(hub::get));
    Log.info("registered " + (SENDERS + 1) + " agents; " + SENDERS + " send for " + LOAD);
    AtomicReference<HubEndpoint> endpoint = new AtomicReference<>(first);
    SendLoad load =
        stage.keep(new SendLoad(endpoint::get, senders, () -> "sink", "ops-kill").start());

    Thread.sleep(LOAD.toMillis()); // the load runs this long before the fault
    first.kill();
    load.stop();
    Set<String> acked = new HashSet<>(load.acknowledged());
    Log.info("killed the hub after " + count(acked.size()) + " acknowledged sends");

    HubProcess second = stage.keep(HubProcess.start(dir, token, Map.of()));
    hub.set(second);
    endpoint.set(second);
    boolean allSeen = follower.awaitAll(acked, Duration.ofSeconds(60));
    follower.close();

    Set<String> seen = Set.copyOf(follower.ids());
    findings.check(
        allSeen && follower.duplicates() == 0 && follower.repeatedIds() == 0,
        "operations stream: "
            + count(follower.events())
            + " entries over "
            + count(follower.connections())
            + " connections, acknowledged sends seen "
            + count(acked.stream().filter(seen::contains).count())
            + " of "
            + count(acked.size())
            + ", entries seen twice "
            + follower.duplicates()
            + ", sends seen twice "
            + follower.repeatedIds());
    findings.check(
        follower.gaps() == 0,
        "sequence 1.." + count(follower.lastSeq()) + ", holes " + follower.gaps());
    long unacknowledged = seen.stream().filter(id -> !acked.contains(id)).count();
    findings.note(
        "sends on the stream that were never answered (in flight at the kill): "
            + unacknowledged
            + "; answers other than 201: "
            + load.refusals());
  }
}

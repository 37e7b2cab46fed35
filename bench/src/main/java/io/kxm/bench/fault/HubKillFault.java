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
 * Fault 1: the hub (on SQLite) is killed with SIGKILL while 16 agents send to one recipient whose
 * stream is followed, then started again on the same store. Every send answered 201 must be stored
 * once, and the follower, resuming from its last sequence number, must see each exactly once.
 */
final class HubKillFault implements Fault {
  private static final int SENDERS = 16;
  private static final Duration LOAD = Duration.ofSeconds(6);

  @Override
  public int number() {
    return 1;
  }

  @Override
  public String title() {
    return "kill -9 of the hub during 16-agent send load, restart";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path dir = stage.newDir("hub-");
    String token = HubProcess.newToken();
    HubProcess first = stage.keep(HubProcess.start(dir, token, Map.of()));
    AtomicReference<HubEndpoint> hub = new AtomicReference<>(first);
    Agent sink = Agents.register(first, "sink");
    List<Agent> senders = Agents.register(first, "sender", SENDERS);
    Follower follower = stage.keep(Follower.follow(hub::get, sink));
    Log.info("registered " + (SENDERS + 1) + " agents; " + SENDERS + " send for " + LOAD);
    SendLoad load = stage.keep(new SendLoad(hub::get, senders, () -> "sink", "kill").start());

    Thread.sleep(LOAD.toMillis()); // the load runs this long before the fault
    first.kill();
    long ackedAtKill = load.acknowledgedCount();
    load.stop();
    Set<String> acked = new HashSet<>(load.acknowledged());
    Log.info("killed the hub after " + count(ackedAtKill) + " acknowledged sends");

    HubProcess second = stage.keep(HubProcess.start(dir, token, Map.of()));
    hub.set(second);
    boolean allSeen = follower.awaitAll(acked, Duration.ofSeconds(60));
    long present = Agents.present(second, sink, acked);
    follower.close();

    findings.check(
        present == acked.size(),
        "acknowledged "
            + count(acked.size())
            + ", present after restart "
            + count(present)
            + ", missing "
            + count(acked.size() - present));
    Set<String> seen = follower.ids();
    long unacknowledged = seen.stream().filter(id -> !acked.contains(id)).count();
    findings.check(
        allSeen
            && follower.duplicates() == 0
            && follower.gaps() == 0
            && follower.repeatedIds() == 0,
        "resuming subscriber: "
            + count(follower.events())
            + " events over "
            + count(follower.connections())
            + " connections, acknowledged seen "
            + count(acked.stream().filter(seen::contains).count())
            + " of "
            + count(acked.size())
            + ", duplicates "
            + follower.duplicates()
            + ", gaps "
            + follower.gaps()
            + ", messages seen twice "
            + follower.repeatedIds());
    findings.check(
        unacknowledged <= SENDERS && follower.lastSeq() == seen.size(),
        "stored but never answered (in flight at the kill): "
            + unacknowledged
            + " (at most one per sender, "
            + SENDERS
            + "); sequence 1.."
            + count(follower.lastSeq())
            + " without a hole");
    findings.note(
        "answers other than 201: "
            + load.refusals()
            + ", sends without an answer (hub gone): "
            + count(load.noAnswerCount()));
  }
}

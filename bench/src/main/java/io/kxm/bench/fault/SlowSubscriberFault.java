package io.kxm.bench.fault;

import static io.kxm.bench.fault.Wire.count;

import io.kxm.bench.Log;
import io.kxm.bench.client.SseStream;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import io.kxm.bench.product.HubProcess;
import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fault 7: one subscriber opens its stream and reads nothing while large requests pour into it.
 * Four other subscribers receive a steady trickle of probes; their latency is measured first with
 * the silent one offline, then with it connected, under the same load. With it connected, their
 * median and 99th percentile must stay within twice the figures without it; the silent one must be
 * cut by the hub, and must then be able to resume and receive everything.
 */
final class SlowSubscriberFault implements Fault {
  private static final int FAST = 4;
  private static final Duration PHASE = Duration.ofSeconds(6);
  private static final Duration PACE = Duration.ofMillis(10);
  private static final String BIG = "x".repeat(30_000);

  /**
   * The hub's per-stream queue for this run ({@code KXM_SSE_QUEUE}; 1,024 by default): smaller, so
   * the cut comes after a few hundred large requests, not well over a thousand, on a busy machine.
   */
  private static final int QUEUE = 64;

  /**
   * Large requests to the silent one before its cut is looked for: the queue and socket buffers.
   */
  private static final int FLOOD_BEFORE_CUT = QUEUE + 236;

  @Override
  public int number() {
    return 7;
  }

  @Override
  public String title() {
    return "a subscriber that reads nothing, beside four that keep up";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    HubProcess hub =
        stage.keep(
            HubProcess.start(
                stage.newDir("hub-"),
                HubProcess.newToken(),
                Map.of("KXM_SSE_QUEUE", Integer.toString(QUEUE))));
    List<Agent> recipients = Agents.register(hub, "fast", FAST);
    List<Agent> senders = Agents.register(hub, "sender", FAST);
    Agent slow = Agents.register(hub, "slow");
    List<Agent> flooders = Agents.register(hub, "flooder", 2);
    List<Follower> followers = new ArrayList<>();
    for (Agent r : recipients) {
      followers.add(stage.keep(Follower.timed(() -> (HubEndpoint) hub, r)));
    }
    PacedProbes probes = new PacedProbes(hub, senders, recipients, followers, PACE);
    SendLoad flood =
        stage.keep(new SendLoad(() -> hub, flooders, () -> "slow", "flood").padding(BIG).start());
    probes.latencies(probes.run("warmup", Duration.ofSeconds(2)));

    double[] without = probes.latencies(probes.run("without", PHASE));
    Log.info("phase without the silent subscriber done");
    SseStream silent =
        stage.keep(
            SseStream.open(
                hub.base(),
                "/v1/agents/" + slow.id() + "/events",
                Wire.agentHeaders(hub, slow),
                64 * 1024,
                32 * 1024));
    long floodAtOpen = flood.acknowledgedCount();
    double[] with = probes.latencies(probes.run("with", PHASE));
    Log.info("phase with the silent subscriber done");
    // Flood on until the queue and the socket buffers must have overflowed, then look.
    long deadline = System.nanoTime() + Duration.ofSeconds(120).toNanos();
    while (flood.acknowledgedCount() - floodAtOpen < FLOOD_BEFORE_CUT
        && System.nanoTime() < deadline) {
      Thread.sleep(100); // polling the load's counter
    }
    long floodDuringSilence = flood.acknowledgedCount() - floodAtOpen;
    flood.stop();
    Set<String> flooded = new HashSet<>(flood.acknowledged());

    // Now read what the silent stream holds: a cut stream ends; one still served would block.
    long read = 0;
    long lastSeq = 0;
    Set<String> seen = new HashSet<>();
    boolean cut;
    silent.readTimeout(Duration.ofSeconds(10));
    try {
      SseFrame e;
      while ((e = silent.next()) != null) {
        if (e.id() != null) {
          lastSeq = Long.parseLong(e.id());
          seen.add(Wire.read(e.data()).path("data").path("message").path("id").asString());
          read++;
        }
      }
      cut = true;
    } catch (SocketTimeoutException stillServed) {
      cut = false;
    } catch (IOException reset) {
      cut = true;
    }
    silent.close();
    boolean resumed;
    Follower resume = stage.keep(Follower.resuming(() -> hub, slow, lastSeq));
    resumed = resume.awaitAll(minus(flooded, seen), Duration.ofSeconds(60));
    resume.close();
    Set<String> overlap = new HashSet<>(seen);
    overlap.retainAll(resume.ids());

    double p50a = PacedProbes.percentile(without, 50);
    double p99a = PacedProbes.percentile(without, 99);
    double p50b = PacedProbes.percentile(with, 50);
    double p99b = PacedProbes.percentile(with, 99);
    findings.check(
        p50b <= 2 * p50a && p99b <= 2 * p99a,
        String.format(
            "latency of the other subscribers, without the silent one: p50 %.2f ms, p99 %.2f ms"
                + " (%d probes); with it: p50 %.2f ms, p99 %.2f ms (%d probes); ratio p50 %.2f,"
                + " p99 %.2f (at most 2)",
            p50a, p99a, without.length, p50b, p99b, with.length, p50b / p50a, p99b / p99a));
    findings.check(
        cut,
        "silent subscriber "
            + (cut ? "cut by the hub" : "still served after 10 s of reading")
            + " (stream queue "
            + QUEUE
            + " events): "
            + count(floodDuringSilence)
            + " requests of 30,000 characters sent to it while connected, "
            + count(read)
            + " had reached its socket before the cut");
    findings.check(
        resumed && overlap.isEmpty() && resume.duplicates() == 0 && resume.gaps() == 0,
        "resumed after seq "
            + count(lastSeq)
            + ": "
            + count(resume.ids().size())
            + " more events, all "
            + count(flooded.size())
            + " acknowledged requests seen: "
            + (resumed ? "yes" : "no")
            + ", duplicates "
            + (overlap.size() + resume.duplicates())
            + ", gaps "
            + resume.gaps());
  }

  private static Set<String> minus(Set<String> all, Set<String> some) {
    Set<String> rest = new HashSet<>(all);
    rest.removeAll(some);
    return rest;
  }
}

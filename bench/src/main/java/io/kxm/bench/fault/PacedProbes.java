package io.kxm.bench.fault;

import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.HttpResponse;
import io.kxm.bench.product.Agent;
import io.kxm.bench.product.HubEndpoint;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Latency probes: each sender sends a small request to one of the recipients in turn, one every
 * {@code pace}, noting when it went out; the recipients' timed followers note when it arrived. The
 * latency of a probe is send to arrival, client clock on both ends.
 */
final class PacedProbes {
  private final HubEndpoint hub;
  private final List<Agent> senders;
  private final List<Agent> recipients;
  private final List<Follower> followers;
  private final Duration pace;

  PacedProbes(
      HubEndpoint hub,
      List<Agent> senders,
      List<Agent> recipients,
      List<Follower> followers,
      Duration pace) {
    this.hub = hub;
    this.senders = senders;
    this.recipients = recipients;
    this.followers = followers;
    this.pace = pace;
  }

  /** Sends probes for {@code length}; returns content to send time of every acknowledged one. */
  Map<String, Long> run(String phase, Duration length) throws InterruptedException {
    Map<String, Long> sentAt = new ConcurrentHashMap<>();
    long end = System.nanoTime() + length.toNanos();
    List<Thread> threads = new ArrayList<>();
    for (int s = 0; s < senders.size(); s++) {
      Agent sender = senders.get(s);
      int offset = s;
      threads.add(
          Thread.ofVirtual()
              .start(() -> {
                try (HttpConnection c = HttpConnection.open(hub.base())) {
                  for (int n = 0; System.nanoTime() < end; n++) {
                    Agent to = recipients.get((n + offset) % recipients.size());
                    String content = phase + "-" + sender.name() + "-" + n;
                    long t0 = System.nanoTime();
                    HttpResponse r = c.send(Wire.send(hub, sender, to.name(), content));
                    if (r.status() == 201) {
                      sentAt.put(content, t0);
                    }
                    Thread.sleep(pace.toMillis()); // a steady trickle, not a flood
                  }
                } catch (IOException | InterruptedException e) {
                  // the phase ends with what was sent; a missing probe shows as not arrived
                }
              }));
    }
    for (Thread t : threads) {
      t.join();
    }
    return sentAt;
  }

  /**
   * Waits for every probe to arrive (up to 30 s), then returns their latencies in milliseconds,
   * sorted; a probe that never arrived counts as {@link Double#POSITIVE_INFINITY}.
   */
  double[] latencies(Map<String, Long> sentAt) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline && arrivedCount(sentAt) < sentAt.size()) {
      Thread.sleep(50); // polling the followers' arrival maps
    }
    double[] ms = new double[sentAt.size()];
    int i = 0;
    for (var e : sentAt.entrySet()) {
      Long arrived = arrival(e.getKey());
      ms[i++] = arrived == null ? Double.POSITIVE_INFINITY : (arrived - e.getValue()) / 1e6;
    }
    Arrays.sort(ms);
    return ms;
  }

  private long arrivedCount(Map<String, Long> sentAt) {
    return sentAt.keySet().stream().filter(k -> arrival(k) != null).count();
  }

  private Long arrival(String content) {
    for (Follower f : followers) {
      Long t = f.arrival(content);
      if (t != null) {
        return t;
      }
    }
    return null;
  }

  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
  }
}

package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import io.kxm.bench.client.SseStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A thousand SSE clients of one bare Jetty server, which broadcasts the same event bytes to all:
 * events delivered per second in total, the bar for the hub's fan-out.
 */
public final class BareSseBroadcast implements Measure {
  static final int CLIENTS = 1_000;
  static final int EVENT_BYTES = 500;

  private final List<SseStream> streams = new ArrayList<>();
  private final AtomicLong delivered = new AtomicLong();
  private volatile long goal = Long.MAX_VALUE;
  private volatile CompletableFuture<Void> reached = new CompletableFuture<>();
  private BareServerProcess server;

  @Override
  public String what() {
    return "bare Jetty SSE broadcast to "
        + String.format(java.util.Locale.ROOT, "%,d", CLIENTS)
        + " clients, "
        + EVENT_BYTES
        + "-byte events";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.rate("events/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    BareServerProcess.shared(run); // starts alongside the other setups
  }

  @Override
  public void prepare(Run run) throws Exception {
    server = BareServerProcess.shared(run);
    for (int i = 0; i < CLIENTS; i++) {
      SseStream s = SseStream.open(server.base(), "/sse", Map.of(), 16 * 1024);
      streams.add(s);
      Thread.startVirtualThread(() -> read(s));
    }
    Stats.awaitSubscribers(server.base(), CLIENTS);
    broadcast(run.size(200, 500)); // warm-up
  }

  @Override
  public double[] once(Run run) throws Exception {
    int events = run.size(500, 2_000);
    long t0 = System.nanoTime();
    broadcast(events);
    double seconds = (System.nanoTime() - t0) / 1e9;
    return new double[] {(double) events * CLIENTS / seconds};
  }

  private void broadcast(int events) throws Exception {
    reached = new CompletableFuture<>();
    goal = delivered.get() + (long) events * CLIENTS;
    try (HttpConnection c = HttpConnection.open(server.base())) {
      c.send(
              Request.of(
                  "POST",
                  server.base(),
                  "/broadcast?events=" + events + "&bytes=" + EVENT_BYTES,
                  Map.of(),
                  new byte[0]))
          .expect(202, "POST /broadcast");
    }
    try {
      reached.get(120, TimeUnit.SECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      throw new IllegalStateException(
          "delivered " + delivered.get() + " of " + goal + " events within 120 s", e);
    }
  }

  private void read(SseStream s) {
    try {
      while (s.skip()) {
        if (delivered.incrementAndGet() == goal) {
          reached.complete(null);
        }
      }
    } catch (java.io.IOException e) {
      // Closed at the end of the measure.
    }
  }

  @Override
  public void close() {
    streams.forEach(SseStream::close);
  }
}

package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A session turn streams deltas to {@value #SUBSCRIBERS} clients following the run's event stream
 * on a real supervisor: latency from the moment the harness wrote a delta (the wall-clock time in
 * its text) to the moment each subscriber read it, through the harness pipe, the store's commit and
 * the fan-out. The agent asks for an approval first and the suite answers it once every subscriber
 * has seen that question live, so no timed delta is a replay.
 */
public final class SessionDeliveryScenario implements Scenario {
  static final int SUBSCRIBERS = 100;
  static final int GAP_MS = 20;
  private static final JsonMapper JSON = JsonMapper.shared();
  private final int subscribers;
  private final int quickDeltas;
  private final int fullDeltas;

  public SessionDeliveryScenario() {
    this(SUBSCRIBERS, 100, 500);
  }

  /** Fewer subscribers and deltas only in tests, where figures are not compared. */
  SessionDeliveryScenario(int subscribers, int quickDeltas, int fullDeltas) {
    this.subscribers = subscribers;
    this.quickDeltas = quickDeltas;
    this.fullDeltas = fullDeltas;
  }

  @Override
  public String name() {
    return "session-delivery";
  }

  @Override
  public String title() {
    return String.format(
        Locale.ROOT,
        "session event append to delivery, %d run-stream subscribers, %,d deltas %d ms apart"
            + " (%,d with --quick), supervisor process",
        subscribers,
        fullDeltas,
        GAP_MS,
        quickDeltas);
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-http-latency", "p50", null),
        new Comparison("p99", "bare-http-latency", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private SupervisorProcess supervisor;
      private String sessionId;
      private int deltas;

      @Override
      public String what() {
        return "harness delta written to run-stream event read, each of "
            + subscribers
            + " subscribers";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("p50"), Metric.millis("p99"));
      }

      @Override
      public void setup(Run run) throws Exception {
        supervisor = SupervisorProcess.shared(run);
        SessionCalls.requireSessions(supervisor);
        sessionId = SessionCalls.createSession(supervisor, run.newDir("session-delivery-"));
        deltas = run.size(quickDeltas, fullDeltas);
      }

      @Override
      public void prepare(Run run) throws Exception {
        turn(); // warm-up
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = turn();
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      /** One paced turn followed by every subscriber; the latencies of all their deltas. */
      private Latencies turn() throws Exception {
        String runId = SessionCalls.submit(supervisor, sessionId, "paced " + deltas + " " + GAP_MS);
        CountDownLatch asked = new CountDownLatch(subscribers);
        CountDownLatch ended = new CountDownLatch(subscribers);
        AtomicReference<String> interactionId = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Subscriber> all = new ArrayList<>();
        try {
          for (int i = 0; i < subscribers; i++) {
            Subscriber s =
                new Subscriber(supervisor.runEvents(runId, 0, 16 * 1024), deltas, asked, ended);
            all.add(s);
            Thread.startVirtualThread(() -> s.read(interactionId, failure));
          }
          if (!asked.await(60, TimeUnit.SECONDS)) {
            throw new IllegalStateException(
                "not every subscriber saw the run's approval question within 60 s"
                    + (failure.get() == null ? "" : ": " + failure.get()));
          }
          if (failure.get() != null) {
            throw failure.get();
          }
          SessionCalls.approve(supervisor, runId, interactionId.get());
          if (!ended.await(60 + (long) deltas * GAP_MS / 1000, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the run's stream did not end for every subscriber");
          }
          if (failure.get() != null) {
            throw failure.get();
          }
          Latencies merged = new Latencies(subscribers * deltas);
          for (Subscriber s : all) {
            if (s.latencies.count() != deltas) {
              throw new IllegalStateException(
                  "a subscriber read " + s.latencies.count() + " of " + deltas + " deltas");
            }
            merged.addAll(s.latencies);
          }
          return merged;
        } finally {
          all.forEach(s -> s.stream.close());
        }
      }
    };
  }

  /** One client on the run's stream: notes the question, times each delta, ends with the run. */
  private static final class Subscriber {
    final SseStream stream;
    final Latencies latencies;
    final CountDownLatch asked;
    final CountDownLatch ended;

    Subscriber(SseStream stream, int deltas, CountDownLatch asked, CountDownLatch ended) {
      this.stream = stream;
      this.latencies = new Latencies(deltas);
      this.asked = asked;
      this.ended = ended;
    }

    void read(AtomicReference<String> interactionId, AtomicReference<Exception> failure) {
      try {
        stream.readTimeout(Duration.ofSeconds(60));
        SseFrame e;
        while ((e = stream.next()) != null) {
          if ("message.delta".equals(e.type())) {
            Instant now = Instant.now();
            long sent = sentNanos(e.data());
            latencies.add(now.getEpochSecond() * 1_000_000_000L + now.getNano() - sent);
          } else if ("run.approval.required".equals(e.type())) {
            JsonNode envelope = JSON.readTree(e.data());
            interactionId.compareAndSet(
                null, envelope.path("data").path("interactionId").asString());
            asked.countDown();
          } else if (e.type() != null && e.type().startsWith("run.") && isEnd(e.type())) {
            if (!"run.completed".equals(e.type())) {
              throw new IllegalStateException("the run ended with " + e.type() + ": " + e.data());
            }
            break;
          }
        }
      } catch (Exception ex) {
        failure.compareAndSet(null, ex);
        asked.countDown();
      } finally {
        ended.countDown();
      }
    }

    private static boolean isEnd(String type) {
      return switch (type) {
        case "run.completed", "run.failed", "run.cancelled", "run.interrupted" -> true;
        default -> false;
      };
    }

    /**
     * The agent's send time from {@code "text":"<ns>"} in the envelope, read without decoding the
     * whole envelope: a hundred readers share the cores with the supervisor they measure.
     */
    static long sentNanos(String data) {
      int at = data.indexOf("\"text\":\"");
      if (at < 0) {
        throw new IllegalStateException("a delta without text: " + data);
      }
      long n = 0;
      for (int i = at + 8; i < data.length() && Character.isDigit(data.charAt(i)); i++) {
        n = n * 10 + (data.charAt(i) - '0');
      }
      return n;
    }
  }
}

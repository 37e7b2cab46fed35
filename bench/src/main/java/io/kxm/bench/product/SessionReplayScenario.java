package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * A client reads a finished session run's whole event stream from {@code after=0}: the supervisor
 * replays it from the session store and ends the stream. Events per second from the GET to the last
 * event, against an indexed range read of the same rows straight from the store (the SQLite file,
 * or the session schema when the supervisor keeps its stores on PostgreSQL).
 */
public final class SessionReplayScenario implements Scenario {
  private final int quickDeltas;
  private final int fullDeltas;
  private final boolean onPostgres;

  public SessionReplayScenario() {
    this(false);
  }

  public SessionReplayScenario(boolean onPostgres) {
    this(SessionBacklog.QUICK_DELTAS, SessionBacklog.DELTAS, onPostgres);
  }

  /** Other backlogs only in tests, where figures are not compared. */
  SessionReplayScenario(int quickDeltas, int fullDeltas) {
    this(quickDeltas, fullDeltas, false);
  }

  private SessionReplayScenario(int quickDeltas, int fullDeltas, boolean onPostgres) {
    this.quickDeltas = quickDeltas;
    this.fullDeltas = fullDeltas;
    this.onPostgres = onPostgres;
  }

  @Override
  public String name() {
    return onPostgres ? "session-replay-postgres" : "session-replay";
  }

  @Override
  public String title() {
    return String.format(
        Locale.ROOT,
        "session replay of a %,d-event run backlog (%,d with --quick), supervisor process, %s",
        fullDeltas,
        quickDeltas,
        onPostgres ? "PostgreSQL" : "SQLite");
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison(
            "events/s",
            onPostgres ? "postgres-session-range-read" : "session-store-range-read",
            "rows/s",
            Target.atLeast(0.5)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private SessionBacklog backlog;

      @Override
      public String what() {
        return "supervisor SSE replay of a run's stream from after=0";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("events/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        backlog =
            onPostgres
                ? SessionBacklog.sharedOnPostgres(run, quickDeltas, fullDeltas)
                : SessionBacklog.shared(run, quickDeltas, fullDeltas);
      }

      @Override
      public void prepare(Run run) throws Exception {
        replay(); // warm-up, and proof that the whole run is served in order
      }

      @Override
      public double[] once(Run run) throws Exception {
        long t0 = System.nanoTime();
        replay();
        return new double[] {backlog.events() / ((System.nanoTime() - t0) / 1e9)};
      }

      /** Reads every event of the run; the last must be its run.completed, and the stream ends. */
      private void replay() throws Exception {
        try (SseStream s = backlog.supervisor().runEvents(backlog.runId(), 0, 64 * 1024)) {
          s.readTimeout(Duration.ofSeconds(60));
          for (long i = 1; i < backlog.events(); i++) {
            if (!s.skip()) {
              throw new IllegalStateException(
                  "the replay ended after " + i + " of " + backlog.events() + " events");
            }
          }
          SseFrame last = s.next();
          if (last == null || !"run.completed".equals(last.type())) {
            throw new IllegalStateException(
                "the replay's last event is " + (last == null ? "missing" : last.type()));
          }
          if (s.next() != null) {
            throw new IllegalStateException("the replay sent more events than the run stored");
          }
        }
      }
    };
  }
}

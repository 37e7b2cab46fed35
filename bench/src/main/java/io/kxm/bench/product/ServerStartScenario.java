package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import java.util.List;
import java.util.Map;

/**
 * How long a server takes from the launcher's start until it answers: {@code kxm hub start
 * --foreground} (until {@code /health} answers 200, on a new SQLite store, so its migrations are
 * included) and {@code kxm runtime start --foreground} (until it prints the address it listens on,
 * with new user state), each started fresh in a folder of its own every repetition through the
 * {@code kxm} launcher, with the start-up cache it keeps beside the jar, against {@code java
 * -version} on the same JDK.
 */
public final class ServerStartScenario implements Scenario {

  @Override
  public String name() {
    return "server-start";
  }

  @Override
  public String title() {
    return "server start until it answers: kxm hub start and kxm runtime start, fresh state";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("hub start", "java-version", "wall", Target.atMost(15.0)),
        new Comparison("runtime start", "java-version", "wall", Target.atMost(15.0)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      @Override
      public String what() {
        return "wall time from the server process's start until it answers";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("hub start"), Metric.millis("runtime start"));
      }

      @Override
      public void setup(Run run) throws Exception {
        // The page cache holds the jar and the JDK afterwards, as on a used machine, and the
        // launcher has trained its start-up caches for this jar (the first start after a build).
        once(run);
      }

      @Override
      public double[] once(Run run) throws Exception {
        // One at a time, each stopped before the next starts, so neither's start-up work (the
        // compiler, the first collections) runs on the cores the other is timed on.
        long t0 = System.nanoTime();
        double hubMillis;
        try (HubProcess hub =
            HubProcess.start(run.newDir("hub-start-"), HubProcess.newToken(), Map.of())) {
          hubMillis = (System.nanoTime() - t0) / 1e6;
        }
        long t1 = System.nanoTime();
        try (SupervisorProcess supervisor =
            SupervisorProcess.start(run.newDir("runtime-start-"), "runtime-start")) {
          return new double[] {hubMillis, (System.nanoTime() - t1) / 1e6};
        }
      }
    };
  }
}

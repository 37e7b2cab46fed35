package io.kxm.bench;

import io.kxm.bench.Outcome.Failed;
import io.kxm.bench.Outcome.Measured;
import io.kxm.bench.Outcome.Skipped;
import java.util.ArrayList;
import java.util.List;

/**
 * One measure through a run: prepared once, repeated once per round, closed at the end. Until it
 * fails or is skipped it collects one value per metric and round.
 */
final class Trial {
  private final String name;
  private final Measure measure;
  private final String what;
  private List<Metric> metrics = List.of();
  private double[][] values;
  private int done;
  private volatile Outcome ended;
  private AutoCloseable closer; // closes the measure once, here or when the run is stopped

  private Trial(String name, Measure measure) {
    this.name = name;
    this.measure = measure;
    this.what = measure.what();
  }

  /** A trial of {@code measure}, not set up yet. */
  static Trial of(String name, Measure measure) {
    Trial t = new Trial(name, measure);
    Log.info(name + ": " + t.what);
    return t;
  }

  /** Runs the measure's setup; safe to call from several threads for different trials at once. */
  void setup(Run run) {
    closer = run.closeWhenStopped(measure);
    long t0 = System.nanoTime();
    if (attempt(() -> measure.setup(run))) {
      Log.info(name + " set up in " + seconds(t0));
    }
  }

  /** Prepares (and warms up) the measure; a skip or a failure ends the trial at once. */
  void prepare(Run run) {
    if (!running()) {
      return;
    }
    long t0 = System.nanoTime();
    if (attempt(() -> measure.prepare(run))) {
      metrics = measure.metrics();
      values = new double[metrics.size()][run.reps()];
      Log.info(name + " prepared in " + seconds(t0));
    }
  }

  /** Runs one step of getting ready; false when it skipped or failed, which ended the trial. */
  private boolean attempt(Step step) {
    try {
      step.run();
      return true;
    } catch (Measure.Skip skip) {
      Log.warn(name + " skipped: " + skip.getMessage());
      end(new Skipped(name, what, skip.getMessage()));
    } catch (Exception | Error e) {
      fail(e);
    }
    return false;
  }

  private static String seconds(long t0) {
    return String.format(java.util.Locale.ROOT, "%.1f s", (System.nanoTime() - t0) / 1e9);
  }

  @FunctionalInterface
  private interface Step {
    void run() throws Exception;
  }

  boolean running() {
    return ended == null;
  }

  /** Runs one repetition; a failure ends the trial and the others go on. */
  void repeat(Run run) {
    if (!running()) {
      return;
    }
    try {
      double[] once = measure.once(run);
      if (once.length != metrics.size()) {
        throw new IllegalStateException(
            name + " returned " + once.length + " values for " + metrics.size() + " metrics");
      }
      StringBuilder line = new StringBuilder(name + " rep " + (done + 1) + ":");
      for (int i = 0; i < once.length; i++) {
        values[i][done] = once[i];
        line.append(' ').append(Figure.number(once[i])).append(' ').append(metrics.get(i).unit());
      }
      done++;
      Log.info(line.toString());
    } catch (Exception | Error e) {
      fail(e);
    }
  }

  /** Closes the measure and says what it came to. */
  Outcome finish() {
    if (running()) {
      List<Figure> figures = new ArrayList<>();
      for (int i = 0; i < metrics.size(); i++) {
        figures.add(Figure.of(metrics.get(i), values[i]));
      }
      end(new Measured(name, what, figures));
    }
    return ended;
  }

  private void fail(Throwable e) {
    if (e instanceof InterruptedException) {
      Thread.currentThread().interrupt();
    }
    Log.warn(name + " failed: " + e);
    e.printStackTrace();
    end(new Failed(name, what, String.valueOf(e)));
  }

  private void end(Outcome outcome) {
    ended = outcome;
    try {
      (closer != null ? closer : measure).close();
    } catch (Exception e) {
      Log.warn("could not close " + name + ": " + e);
    }
  }
}

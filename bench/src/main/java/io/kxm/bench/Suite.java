package io.kxm.bench;

import io.kxm.bench.Outcome.Failed;
import io.kxm.bench.Outcome.Measured;
import io.kxm.bench.Outcome.Skipped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Measures the selected baselines and product sides, then pairs them into rows. */
public final class Suite {
  private final List<Registry.Entry> baselines;
  private final List<Scenario> scenarios;

  public Suite(List<Registry.Entry> baselines, List<Scenario> scenarios) {
    this.baselines = baselines;
    this.scenarios = scenarios;
  }

  /** Every name {@code --only} accepts. */
  public List<String> names() {
    List<String> names = new ArrayList<>();
    scenarios.forEach(s -> names.add(s.name()));
    baselines.forEach(b -> names.add(b.name()));
    return names;
  }

  public Report run(Run run, String only) {
    List<Scenario> chosenScenarios =
        scenarios.stream().filter(s -> only == null || s.name().equals(only)).toList();
    Set<String> chosenBaselines = new LinkedHashSet<>();
    for (Registry.Entry b : baselines) {
      boolean usedByChosen =
          chosenScenarios.stream()
              .anyMatch(s -> s.comparisons().stream().anyMatch(c -> c.baseline().equals(b.name())));
      if (only == null || b.name().equals(only) || usedByChosen) {
        chosenBaselines.add(b.name());
      }
    }
    if (chosenScenarios.isEmpty() && chosenBaselines.isEmpty()) {
      throw new IllegalArgumentException(
          "no scenario or baseline is named " + only + "; names: " + String.join(", ", names()));
    }

    Map<String, Outcome> baselineOutcomes = new LinkedHashMap<>();
    for (Registry.Entry b : baselines) {
      if (chosenBaselines.contains(b.name())) {
        baselineOutcomes.put(b.name(), measure(b.name(), b.factory().get(), run));
      }
    }
    Map<String, Outcome> productOutcomes = new LinkedHashMap<>();
    for (Scenario s : chosenScenarios) {
      productOutcomes.put(s.name(), measure(s.name(), s.product(), run));
    }
    return assemble(chosenScenarios, baselineOutcomes, productOutcomes, run.quick());
  }

  private Report assemble(
      List<Scenario> chosen,
      Map<String, Outcome> baselineOutcomes,
      Map<String, Outcome> productOutcomes,
      boolean quick) {
    List<Row> rows = new ArrayList<>();
    List<String> notices = new ArrayList<>();
    Set<String> compared = new LinkedHashSet<>();
    boolean failed = false;
    for (Scenario s : chosen) {
      Outcome product = productOutcomes.get(s.name());
      if (!(product instanceof Measured p)) {
        continue;
      }
      for (Scenario.Comparison c : s.comparisons()) {
        if (baselineOutcomes.get(c.baseline()) instanceof Measured b) {
          rows.add(
              new Row(
                  s.title(),
                  b.what(),
                  b.figure(c.baselineMetric()),
                  p.figure(c.productMetric()),
                  c.target()));
          compared.add(c.baseline());
        }
      }
    }
    for (Outcome o : baselineOutcomes.values()) {
      if (o instanceof Measured b && !compared.contains(b.name())) {
        b.figures().forEach(f -> rows.add(new Row(b.name(), b.what(), f, null, null)));
      }
    }
    List<Outcome> all = new ArrayList<>(baselineOutcomes.values());
    all.addAll(productOutcomes.values());
    for (Outcome o : all) {
      switch (o) {
        case Measured m -> {}
        case Skipped s -> notices.add("skipped " + s.name() + ": " + s.notice());
        case Failed f -> {
          notices.add("FAILED " + f.name() + ": " + f.error());
          failed = true;
        }
      }
    }
    return new Report(
        Machine.describe(),
        Instant.now().truncatedTo(ChronoUnit.SECONDS),
        quick,
        rows,
        notices,
        failed);
  }

  static Outcome measure(String name, Measure measure, Run run) {
    String what = measure.what();
    Log.info(name + ": " + what);
    try (measure) {
      measure.prepare(run);
      List<Metric> metrics = measure.metrics();
      double[][] values = new double[metrics.size()][run.reps()];
      for (int r = 0; r < run.reps(); r++) {
        double[] once = measure.once(run);
        if (once.length != metrics.size()) {
          throw new IllegalStateException(
              name + " returned " + once.length + " values for " + metrics.size() + " metrics");
        }
        StringBuilder line = new StringBuilder(name + " rep " + (r + 1) + ":");
        for (int i = 0; i < once.length; i++) {
          values[i][r] = once[i];
          line.append(' ').append(Figure.number(once[i])).append(' ').append(metrics.get(i).unit());
        }
        Log.info(line.toString());
      }
      List<Figure> figures = new ArrayList<>();
      for (int i = 0; i < metrics.size(); i++) {
        figures.add(Figure.of(metrics.get(i), values[i]));
      }
      return new Measured(name, what, figures);
    } catch (Measure.Skip skip) {
      Log.warn(name + " skipped: " + skip.getMessage());
      return new Skipped(name, what, skip.getMessage());
    } catch (Exception | Error e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      Log.warn(name + " failed: " + e);
      e.printStackTrace();
      return new Failed(name, what, String.valueOf(e));
    }
  }
}

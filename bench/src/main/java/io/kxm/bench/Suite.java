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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Measures the selected baselines and product sides in rounds, then pairs them into rows. */
public final class Suite {
  private static final int SETUPS_AT_ONCE = 3;
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

  /**
   * @param only the names to run, comma-separated (a scenario brings its baselines), or null for
   *     every measure
   */
  public Report run(Run run, String only) {
    Set<String> named = only == null ? null : Set.of(only.split(",", -1));
    if (named != null) {
      List<String> unknown = named.stream().filter(n -> !names().contains(n)).sorted().toList();
      if (!unknown.isEmpty()) {
        throw new IllegalArgumentException(
            "no scenario or baseline is named "
                + String.join(", ", unknown)
                + "; names: "
                + String.join(", ", names()));
      }
    }
    List<Scenario> chosenScenarios =
        scenarios.stream().filter(s -> named == null || named.contains(s.name())).toList();
    Set<String> chosenBaselines = new LinkedHashSet<>();
    for (Registry.Entry b : baselines) {
      boolean usedByChosen =
          chosenScenarios.stream()
              .anyMatch(s -> s.comparisons().stream().anyMatch(c -> c.baseline().equals(b.name())));
      if (named == null || named.contains(b.name()) || usedByChosen) {
        chosenBaselines.add(b.name());
      }
    }
    if (chosenScenarios.isEmpty() && chosenBaselines.isEmpty()) {
      throw new IllegalArgumentException(
          "no scenario or baseline is named " + only + "; names: " + String.join(", ", names()));
    }

    Map<String, Trial> baselineTrials = new LinkedHashMap<>();
    for (Registry.Entry b : baselines) {
      if (chosenBaselines.contains(b.name())) {
        baselineTrials.put(b.name(), Trial.of(b.name(), b.factory().get()));
      }
    }
    Map<String, Trial> productTrials = new LinkedHashMap<>();
    for (Scenario s : chosenScenarios) {
      productTrials.put(s.name(), Trial.of(s.name(), s.product()));
    }
    List<Trial> all = new ArrayList<>(baselineTrials.values());
    all.addAll(productTrials.values());
    // Setups (rosters, backlogs, filled stores, started servers) time nothing and wait much of
    // their time on disks, fsyncs and round trips, so three run side by side: more would only crowd
    // the cores until process starts time out. Platform threads, since JDBC calls would pin the few
    // carriers of virtual threads.
    try (ExecutorService setups = Executors.newFixedThreadPool(SETUPS_AT_ONCE)) {
      // Latest in the table first: the heavy setups (backlogs, rosters of agents) sit at its end,
      // and started first they overlap the many short ones instead of running alone at the end.
      all.reversed().forEach(t -> setups.execute(() -> t.setup(run)));
    }
    // Then every measure is prepared and warmed up alone, and each round repeats all of them once:
    // a machine that slows down for a while (other builds on shared cores) then weighs on product
    // and baseline alike, and their ratio holds better than their absolute figures.
    all.forEach(t -> t.prepare(run));
    for (int round = 1; round <= run.reps(); round++) {
      Log.info("round " + round + " of " + run.reps());
      all.forEach(t -> t.repeat(run));
    }
    Map<String, Outcome> baselineOutcomes = new LinkedHashMap<>();
    baselineTrials.forEach((name, t) -> baselineOutcomes.put(name, t.finish()));
    Map<String, Outcome> productOutcomes = new LinkedHashMap<>();
    productTrials.forEach((name, t) -> productOutcomes.put(name, t.finish()));
    return assemble(chosenScenarios, baselineOutcomes, productOutcomes, run.quick());
  }

  private Report assemble(
      List<Scenario> chosen,
      Map<String, Outcome> baselineOutcomes,
      Map<String, Outcome> productOutcomes,
      boolean quick) {
    List<Row> rows = new ArrayList<>();
    Map<String, List<Figure>> productFigures = new LinkedHashMap<>();
    productOutcomes.forEach((name, o) -> {
      if (o instanceof Measured m) {
        productFigures.put(name, m.figures());
      }
    });
    List<String> notices = new ArrayList<>();
    Set<String> compared = new LinkedHashSet<>();
    boolean failed = false;
    for (Scenario s : chosen) {
      Outcome product = productOutcomes.get(s.name());
      if (!(product instanceof Measured p)) {
        continue;
      }
      if (s.comparisons().isEmpty()) {
        p.figures().forEach(f -> rows.add(Row.productOnly(s.title(), f)));
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
        productFigures,
        notices,
        failed);
  }
}

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

/** Measures the selected baselines and product sides in rounds, then pairs them into rows. */
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

    // Every measure is prepared first, then each round repeats all of them once: a machine that
    // slows down for a while (other builds on shared cores) then weighs on product and baseline
    // alike, and their ratio holds better than their absolute figures.
    Map<String, Trial> baselineTrials = new LinkedHashMap<>();
    for (Registry.Entry b : baselines) {
      if (chosenBaselines.contains(b.name())) {
        baselineTrials.put(b.name(), Trial.prepare(b.name(), b.factory().get(), run));
      }
    }
    Map<String, Trial> productTrials = new LinkedHashMap<>();
    for (Scenario s : chosenScenarios) {
      productTrials.put(s.name(), Trial.prepare(s.name(), s.product(), run));
    }
    List<Trial> all = new ArrayList<>(baselineTrials.values());
    all.addAll(productTrials.values());
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
        notices,
        failed);
  }
}

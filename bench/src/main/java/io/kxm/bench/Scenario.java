package io.kxm.bench;

import java.util.List;

/**
 * A product hot path and the raw baselines it is judged against in the same run. Adding a scenario
 * is one class: implement this and list it in {@link Registry#scenarios()}.
 */
public interface Scenario {

  /** Key for {@code --only}, such as {@code durable-send-sqlite}. */
  String name();

  /** Row label in the table. */
  String title();

  /** A fresh measure of the product side; called once per run. */
  Measure product();

  /** Which product metric is compared with which baseline metric, and the ratio aimed for. */
  List<Comparison> comparisons();

  /**
   * @param productMetric name of a metric of {@link #product()}
   * @param baseline name of a baseline in {@link Registry#baselines()}
   * @param baselineMetric name of a metric of that baseline
   * @param target the ratio aimed for, or null for a ratio shown for information only
   */
  record Comparison(String productMetric, String baseline, String baselineMetric, Target target) {}
}

package io.kxm.bench;

import java.util.Arrays;
import java.util.Locale;

/** The median of a metric's repetitions, with the smallest and largest beside it. */
public record Figure(Metric metric, double median, double min, double max, int reps) {

  public static Figure of(Metric metric, double[] values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no repetitions of " + metric.name());
    }
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Figure(metric, median, sorted[0], sorted[n - 1], n);
  }

  /** {@code 12,345 commits/s (11,900–12,800)}, or {@code p99 3.10 ms (…)} for a named metric. */
  public String text() {
    String name = metric.name().equals(metric.unit()) ? "" : metric.name() + " ";
    return name
        + number(median)
        + " "
        + metric.unit()
        + " ("
        + number(min)
        + "–"
        + number(max)
        + ")";
  }

  static String number(double v) {
    double a = Math.abs(v);
    if (a >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (a >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    if (a >= 1) {
      return String.format(Locale.ROOT, "%.2f", v);
    }
    return String.format(Locale.ROOT, "%.3f", v);
  }
}

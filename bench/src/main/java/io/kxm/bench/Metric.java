package io.kxm.bench;

/**
 * One quantity a measure reports per repetition, such as {@code commits/s} or {@code p99 ms}.
 *
 * @param name short name, unique within its measure, used to pair product and baseline figures
 * @param unit shown after the value
 * @param better which direction is an improvement; decides how a ratio is read against a target
 */
public record Metric(String name, String unit, Better better) {
  public enum Better {
    HIGHER,
    LOWER
  }

  public Metric {
    if (name == null || name.isBlank() || unit == null) {
      throw new IllegalArgumentException("a metric needs a name and a unit");
    }
  }

  public static Metric rate(String unit) {
    return new Metric(unit, unit, Better.HIGHER);
  }

  public static Metric millis(String name) {
    return new Metric(name, "ms", Better.LOWER);
  }
}

package io.kxm.bench;

import java.util.Locale;

/**
 * The ratio product/baseline a scenario aims for: at least {@code ratio} for rates, at most {@code
 * ratio} for latencies and memory.
 */
public record Target(boolean atLeast, double ratio) {
  public static Target atLeast(double ratio) {
    return new Target(true, ratio);
  }

  public static Target atMost(double ratio) {
    return new Target(false, ratio);
  }

  public boolean met(double actual) {
    return atLeast ? actual >= ratio : actual <= ratio;
  }

  @Override
  public String toString() {
    return String.format(Locale.ROOT, atLeast ? "≥ %.1f" : "≤ %.1f×", ratio);
  }
}

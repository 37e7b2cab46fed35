package io.kxm.bench;

/**
 * One line of the table. A baseline whose product scenario is not wired yet has no product figure
 * and no target; a product figure reported for its own sake (the idle hub's memory) has no
 * baseline.
 */
public record Row(
    String scenario, String baselineWhat, Figure baseline, Figure product, Target target) {

  public boolean compared() {
    return product != null && baseline != null;
  }

  /** A product figure with nothing to compare it with. */
  public static Row productOnly(String scenario, Figure product) {
    return new Row(scenario, null, null, product, null);
  }

  /** Product over baseline, from the medians. */
  public double ratio() {
    if (!compared()) {
      throw new IllegalStateException(scenario + " has no product figure and baseline to compare");
    }
    return product.median() / baseline.median();
  }
}

package io.kxm.bench;

/**
 * One line of the table. A baseline whose product scenario is not wired yet has no product figure
 * and no target.
 */
public record Row(
    String scenario, String baselineWhat, Figure baseline, Figure product, Target target) {

  public boolean compared() {
    return product != null;
  }

  /** Product over baseline, from the medians. */
  public double ratio() {
    if (product == null) {
      throw new IllegalStateException(scenario + " has no product figure");
    }
    return product.median() / baseline.median();
  }
}

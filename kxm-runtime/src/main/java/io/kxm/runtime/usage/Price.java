package io.kxm.runtime.usage;

import java.math.BigDecimal;
import java.util.Objects;

/**
 * What one model costs, in US dollars per million tokens.
 *
 * @param cacheReadPerMillion null when the price list does not say; cache reads then make the spend
 *     unknown rather than free
 * @param cacheWritePerMillion null when the price list does not say, likewise
 */
public record Price(
    BigDecimal inputPerMillion,
    BigDecimal outputPerMillion,
    BigDecimal cacheReadPerMillion,
    BigDecimal cacheWritePerMillion) {

  public Price {
    nonNegative(Objects.requireNonNull(inputPerMillion, "inputPerMillion"), "input");
    nonNegative(Objects.requireNonNull(outputPerMillion, "outputPerMillion"), "output");
    nonNegative(cacheReadPerMillion, "cacheRead");
    nonNegative(cacheWritePerMillion, "cacheWrite");
  }

  private static void nonNegative(BigDecimal price, String name) {
    if (price != null && price.signum() < 0) {
      throw new IllegalArgumentException("the " + name + " price is negative: " + price);
    }
  }
}

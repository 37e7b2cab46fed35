package io.kxm.runtime.usage;

import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;

/** The prices a project lists in {@code .kxm/prices.yaml}, by {@code provider/model}. */
public record PriceBook(Map<String, Price> byModel) {
  private static final PriceBook EMPTY = new PriceBook(Map.of());

  public PriceBook {
    byModel = Map.copyOf(byModel);
  }

  public static PriceBook empty() {
    return EMPTY;
  }

  public Optional<Price> price(String model) {
    return Optional.ofNullable(model).map(byModel::get);
  }

  /**
   * What {@code usage} of {@code model} cost: each count times its price per million. Unknown when
   * there is no usage, no model, no price for it, or cache tokens whose price is not listed.
   */
  public Spend spend(String model, TokenUsage usage) {
    if (!usage.available()) {
      return Spend.unknown("the harness reported no usage");
    }
    if (model == null) {
      return Spend.unknown("the session names no model");
    }
    Price price = byModel.get(model);
    if (price == null) {
      return Spend.unknown("no price for " + model + " in .kxm/prices.yaml");
    }
    if (usage.cacheRead() > 0 && price.cacheReadPerMillion() == null) {
      return Spend.unknown("no cacheReadPerMillion price for " + model);
    }
    if (usage.cacheWrite() > 0 && price.cacheWritePerMillion() == null) {
      return Spend.unknown("no cacheWritePerMillion price for " + model);
    }
    BigDecimal perMillion =
        times(usage.input(), price.inputPerMillion())
            .add(times(usage.output(), price.outputPerMillion()))
            .add(times(usage.cacheRead(), price.cacheReadPerMillion()))
            .add(times(usage.cacheWrite(), price.cacheWritePerMillion()));
    // dividing by 10^6 moves the point and is exact, so no rounding rule is needed
    return Spend.known(perMillion.movePointLeft(6).stripTrailingZeros());
  }

  private static BigDecimal times(long tokens, BigDecimal pricePerMillion) {
    return tokens == 0 ? BigDecimal.ZERO : BigDecimal.valueOf(tokens).multiply(pricePerMillion);
  }
}

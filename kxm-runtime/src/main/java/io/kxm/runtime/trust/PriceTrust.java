package io.kxm.runtime.trust;

import java.util.LinkedHashSet;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * {@code prices.yaml}: budgets are counted in money through these prices, so any change moves what
 * a budget allows: a lower price lets the same budget buy more, a higher one makes runs cost more
 * than reviewed. Every changed entry widens.
 */
final class PriceTrust {
  private PriceTrust() {}

  static void compare(Changes c, JsonNode before, JsonNode after) {
    if (before == null || after == null) {
      c.widening(
          "$",
          before == null ? "prices-added" : "prices-removed",
          "the price table "
              + (before == null ? "appears" : "is gone")
              + ", so spend is counted differently",
          before,
          after);
      return;
    }
    leaves(c, "$", before, after);
  }

  private static void leaves(Changes c, String path, JsonNode before, JsonNode after) {
    if (before != null && after != null && before.isObject() && after.isObject()) {
      Set<String> names = new LinkedHashSet<>(before.propertyNames());
      names.addAll(after.propertyNames());
      for (String name : names) {
        leaves(c, path + "." + name, Changes.value(before, name), Changes.value(after, name));
      }
    } else if (Changes.differ(before, after)) {
      c.widening(
          path,
          "price-changed",
          "a price changed, so budgets allow different spend",
          before,
          after);
    }
  }
}

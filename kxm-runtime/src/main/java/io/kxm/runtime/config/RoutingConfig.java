package io.kxm.runtime.config;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.route.RouteTable;
import io.kxm.runtime.usage.Price;
import io.kxm.runtime.usage.PriceBook;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Reads {@code .kxm/routes.yaml} and {@code .kxm/prices.yaml} on their own, with the same checks
 * {@code kxm config validate} applies to them, for code that needs the routes or prices of a folder
 * without loading the whole project bundle.
 */
public final class RoutingConfig {
  private RoutingConfig() {}

  /**
   * The routes {@code projectRoot/.kxm/routes.yaml} admits; {@link RouteTable#undeclared()} when
   * there is no such file.
   *
   * @throws KxmException {@code config_tree_invalid} listing each error when the file is refused
   */
  public static RouteTable routes(Path projectRoot) {
    JsonNode root = checked(projectRoot, "routes.yaml", ConfigKind.ROUTES);
    if (root == null) {
      return RouteTable.undeclared();
    }
    return RouteTable.of(
        RouteRules.routes(root),
        RouteRules.defaultRoute(root).orElse(null),
        RouteRules.sandboxed(root));
  }

  /**
   * The prices {@code projectRoot/.kxm/prices.yaml} lists; {@link PriceBook#empty()} when there is
   * no such file.
   *
   * @throws KxmException {@code config_tree_invalid} listing each error when the file is refused
   */
  public static PriceBook prices(Path projectRoot) {
    JsonNode root = checked(projectRoot, "prices.yaml", ConfigKind.PRICES);
    if (root == null) {
      return PriceBook.empty();
    }
    Map<String, Price> byModel = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> e : root.path("prices").properties()) {
      JsonNode p = e.getValue();
      byModel.put(
          e.getKey(),
          new Price(
              usd(p, "inputPerMillion"),
              usd(p, "outputPerMillion"),
              usd(p, "cacheReadPerMillion"),
              usd(p, "cacheWritePerMillion")));
    }
    return new PriceBook(byModel);
  }

  private static JsonNode checked(Path projectRoot, String fileName, ConfigKind kind) {
    return ConfigLoader.checkAlone(
        projectRoot, fileName, kind, kind == ConfigKind.ROUTES ? RouteRules::check : (f, e) -> {});
  }

  // the schema keeps prices to numbers from 0 up, which the restricted parser reads exactly
  private static BigDecimal usd(JsonNode price, String field) {
    JsonNode value = price.path(field);
    return value.isNumber() ? value.decimalValue() : null;
  }
}

package io.kxm.runtime.route;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Objects;
import java.util.Optional;

/**
 * Decides which route a request runs on. A request names a harness and a model, or neither to take
 * the table's default. The answer is the route asked for or a refusal: a route that is refused is
 * never replaced by another one, not even by the default.
 */
public final class RouteAdmission {
  private final RouteTable table;

  public RouteAdmission(RouteTable table) {
    this.table = Objects.requireNonNull(table, "table");
  }

  /**
   * @param harness a harness name such as {@code claude-code}; null with {@code model} for the
   *     default route
   * @param model {@code provider/model}; null with {@code harness} for the default route
   * @throws KxmException {@code route_vendor_mismatch} when the model may not run in that harness,
   *     {@code route_not_admitted} when {@code routes.yaml} does not list the route, the harness is
   *     unknown, the model id is malformed, only one of the two is given, or neither is and there
   *     is no default
   */
  public Route admit(String harness, String model) {
    if (harness == null && model == null) {
      return Optional.ofNullable(table.defaultRoute())
          .orElseThrow(() ->
              refusal(
                  "no harness or model was named and .kxm/routes.yaml sets no default;"
                      + " name both"));
    }
    if (harness == null || model == null) {
      throw refusal("name both a harness and a model, or neither for the default route");
    }
    RouteHarness kind =
        RouteHarness.named(harness)
            .orElseThrow(() ->
                refusal("harness '" + cut(harness) + "' is not one of " + RouteHarness.names()));
    if (!Route.MODEL.matcher(model).matches()) {
      throw refusal("model '" + cut(model) + "' is not a provider/model id such as openai/gpt-5");
    }
    Route route = new Route(kind, model);
    Optional<String> breach = VendorRule.breach(route);
    if (breach.isPresent()) {
      throw new KxmException(ErrorCode.ROUTE_VENDOR_MISMATCH, breach.get());
    }
    if (!table.admits(route)) {
      throw refusal("route " + route + " is not admitted by .kxm/routes.yaml");
    }
    return route;
  }

  private static KxmException refusal(String message) {
    return new KxmException(ErrorCode.ROUTE_NOT_ADMITTED, message);
  }

  // a refused name is echoed, so it is kept short
  private static String cut(String value) {
    return value.length() <= 120 ? value : value.substring(0, 120) + "…";
  }
}

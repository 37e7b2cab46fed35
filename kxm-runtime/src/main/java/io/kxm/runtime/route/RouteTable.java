package io.kxm.runtime.route;

import java.util.List;
import java.util.Objects;

/**
 * The routes a project admits, as {@code .kxm/routes.yaml} lists them.
 *
 * @param declared false when the project has no {@code routes.yaml}: then every route that keeps
 *     the {@link VendorRule} is admitted, as the configuration checks treat it
 * @param admitted the listed routes, in file order
 * @param defaultRoute the route a request naming neither harness nor model gets; null for none
 */
public record RouteTable(boolean declared, List<Route> admitted, Route defaultRoute) {
  public RouteTable {
    admitted = List.copyOf(admitted);
    if (defaultRoute != null && !admitted.contains(defaultRoute)) {
      throw new IllegalArgumentException("the default route " + defaultRoute + " is not listed");
    }
    if (!declared && (!admitted.isEmpty() || defaultRoute != null)) {
      throw new IllegalArgumentException("an undeclared table lists no routes");
    }
  }

  /** The table of a project without {@code routes.yaml}. */
  public static RouteTable undeclared() {
    return new RouteTable(false, List.of(), null);
  }

  /** A {@code routes.yaml} listing {@code admitted}, with an optional default. */
  public static RouteTable of(List<Route> admitted, Route defaultRoute) {
    return new RouteTable(true, admitted, defaultRoute);
  }

  boolean admits(Route route) {
    return !declared || admitted.contains(Objects.requireNonNull(route));
  }
}

package io.kxm.runtime.route;

import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The routes a project admits, as {@code .kxm/routes.yaml} lists them.
 *
 * @param declared false when the project has no {@code routes.yaml}: then every route that keeps
 *     the {@link VendorRule} is admitted, as the configuration checks treat it
 * @param admitted the listed routes, in file order
 * @param defaultRoute the route a request naming neither harness nor model gets; null for none
 * @param sandboxed the listed routes whose turns run inside the sandbox ({@code sandbox: true})
 */
public record RouteTable(
    boolean declared, List<Route> admitted, Route defaultRoute, Set<Route> sandboxed) {
  public RouteTable {
    admitted = List.copyOf(admitted);
    sandboxed = Set.copyOf(sandboxed);
    if (!admitted.containsAll(sandboxed)) {
      throw new IllegalArgumentException("a sandboxed route is not listed: " + sandboxed);
    }
    if (defaultRoute != null && !admitted.contains(defaultRoute)) {
      throw new IllegalArgumentException("the default route " + defaultRoute + " is not listed");
    }
    if (!declared && (!admitted.isEmpty() || defaultRoute != null)) {
      throw new IllegalArgumentException("an undeclared table lists no routes");
    }
  }

  /** The table of a project without {@code routes.yaml}. */
  public static RouteTable undeclared() {
    return new RouteTable(false, List.of(), null, Set.of());
  }

  /** A {@code routes.yaml} listing {@code admitted}, with an optional default, none sandboxed. */
  public static RouteTable of(List<Route> admitted, Route defaultRoute) {
    return of(admitted, defaultRoute, Set.of());
  }

  /** A {@code routes.yaml} listing {@code admitted}, of which {@code sandboxed} ask the sandbox. */
  public static RouteTable of(List<Route> admitted, Route defaultRoute, Set<Route> sandboxed) {
    return new RouteTable(true, admitted, defaultRoute, sandboxed);
  }

  /** Whether turns on {@code route} must run inside the sandbox. */
  public boolean sandboxes(Route route) {
    return sandboxed.contains(Objects.requireNonNull(route));
  }

  boolean admits(Route route) {
    return !declared || admitted.contains(Objects.requireNonNull(route));
  }
}

package io.kxm.session.turn;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.config.RoutingConfig;
import io.kxm.runtime.route.Route;
import io.kxm.runtime.route.RouteAdmission;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.session.api.HarnessSpec;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Admits the route a session runs on: its harness type and its {@code provider/model}, over the
 * workspace's {@code .kxm/routes.yaml}. The check runs when a session is created and again when a
 * turn is queued, since the file may have changed in between. A {@code command} harness runs a
 * program the operator named, not a model route, so it is not checked. A refusal is final: no other
 * route, not even the default, is tried in its place.
 */
final class SessionRouteCheck {
  private SessionRouteCheck() {}

  /**
   * @param workspaceRoot the canonical workspace folder, whose {@code .kxm/routes.yaml} decides
   * @return the admitted route; empty for a {@code command} harness
   * @throws KxmException {@code route_not_admitted}, {@code route_vendor_mismatch}, or {@code
   *     config_tree_invalid} when {@code routes.yaml} itself is refused
   */
  static Optional<Route> admit(String workspaceRoot, HarnessSpec harness, String model) {
    if (HarnessSpec.COMMAND.equals(harness.type())) {
      return Optional.empty();
    }
    RouteAdmission admission = new RouteAdmission(RoutingConfig.routes(Path.of(workspaceRoot)));
    return Optional.of(admission.admit(harness.type(), model));
  }

  /**
   * Whether the workspace's {@code routes.yaml} lists the session's route, harness and model, with
   * {@code sandbox: true}. A {@code command} session is looked up the same way, though its route is
   * not admitted, so an operator can sandbox the programs it names.
   */
  static boolean sandboxed(String workspaceRoot, HarnessSpec harness, String model) {
    Optional<RouteHarness> kind = RouteHarness.named(harness.type());
    if (kind.isEmpty() || model == null) {
      return false;
    }
    Route route;
    try {
      route = new Route(kind.get(), model);
    } catch (IllegalArgumentException e) {
      // not a provider/model id, so no routes.yaml entry can name it
      return false;
    }
    return RoutingConfig.routes(Path.of(workspaceRoot)).sandboxes(route);
  }
}

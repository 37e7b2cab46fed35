package io.kxm.cli.guard;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.agent.HubLocation;
import io.kxm.client.HttpReservations;
import io.kxm.client.HubHttp;
import io.kxm.core.error.KxmException;
import io.kxm.core.reserve.Reservation;
import java.time.Duration;
import java.util.List;

/**
 * The project's live reservations, read with the project token for a hook. A hook must never let a
 * change through because it could not look, so a failure to read comes back as a refusal that says
 * what failed and how to go on.
 */
final class LiveReservations {
  /** Well inside the agents' hook time limits, so a slow hub refuses instead of timing out. */
  static final Duration READ_TIMEOUT = Duration.ofSeconds(5);

  private LiveReservations() {}

  sealed interface Read {}

  record Got(List<Reservation> live) implements Read {}

  record Failed(EditVerdict.Refused refusal) implements Read {}

  /**
   * @param bypass how the user can go on without the check, named in the refusal
   */
  static Read read(CliContext context, String bypass) {
    try {
      AgentSettings.Sourced project = AgentSettings.project(context);
      AgentSettings.Sourced token = AgentSettings.token(context, project);
      try (HubHttp http = new HubHttp(HubLocation.resolve(context).url(), token.value())) {
        return new Got(new HttpReservations(http).live(project.value(), READ_TIMEOUT));
      }
    } catch (KxmException e) {
      return new Failed(
          new EditVerdict.Refused(
              e.code(),
              List.of("could not read the project's reservations: " + e.getMessage()),
              e.hint() + " " + bypass));
    }
  }
}

package io.kxm.cli.reserve;

import io.kxm.cli.CliContext;
import io.kxm.cli.agent.AgentSettings;
import io.kxm.cli.agent.HubLocation;
import io.kxm.client.HttpReservations;
import io.kxm.client.HubHttp;
import io.kxm.core.json.Json;
import io.kxm.core.reserve.PathGlob;
import io.kxm.core.reserve.Reservation;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm reservations}: who holds which paths of the project right now. */
@Command(
    name = "reservations",
    mixinStandardHelpOptions = true,
    description = {
      "List the project's live reservations: holder, paths, mode, deadline and fencing token.",
      "Reads with the project token; reserve and release with 'kxm reserve' and 'kxm release'."
    })
public final class ReservationsCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the reservations as JSON.")
  boolean json;

  public ReservationsCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    AgentSettings.Sourced project = AgentSettings.project(context);
    AgentSettings.Sourced token = AgentSettings.token(context, project);
    List<Reservation> live;
    try (HubHttp http = new HubHttp(HubLocation.resolve(context).url(), token.value())) {
      live = new HttpReservations(http).live(project.value());
    }
    if (json) {
      context.out().println(Json.write(Map.of("reservations", live)));
    } else if (live.isEmpty()) {
      context.out().println("no live reservations in project " + project.value());
    } else {
      for (Reservation r : live) {
        context.out().println(line(r));
      }
    }
    context.out().flush();
    return 0;
  }

  /** One reservation on one line: the fields the dashboard's tab shows, and the ID and token. */
  private static String line(Reservation r) {
    return r.id()
        + "  "
        + r.holderName()
        + "  "
        + r.mode().wire()
        + "  "
        + r.globs().stream().map(PathGlob::pattern).collect(Collectors.joining(" "))
        + "  until "
        + r.expiresAt()
        + "  token "
        + r.fencingToken()
        + (r.reason() == null ? "" : "  (" + r.reason() + ")");
  }
}

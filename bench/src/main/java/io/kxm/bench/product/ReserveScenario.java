package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Scenario;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;

/**
 * Sixteen agents each reserving a path of their own and releasing it, over and over, each call
 * waiting for its answer: reserve-and-release pairs per second. A pair is two write transactions
 * (each takes the project's token row and reads every live reservation), so it is reported beside
 * raw single-row commits on the same store.
 */
public final class ReserveScenario implements Scenario {
  static final int AGENTS = 16;

  @Override
  public String name() {
    return "reserve-release";
  }

  @Override
  public String title() {
    return "reserve and release, " + AGENTS + " agents over HTTP, SQLite";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("pairs/s", "sqlite-commits", "commits/s", null));
  }

  @Override
  public Measure product() {
    return new RequestRate(
        "hub reserve then release of one glob, " + AGENTS + " agents, one project",
        "pairs/s",
        AGENTS,
        (client, c) -> {
          List<Agent> agents = new ArrayList<>();
          List<Request> reserves = new ArrayList<>();
          for (int i = 0; i < AGENTS; i++) {
            Agent agent = client.register(c, "reserver-" + i, "reserves in the benchmark");
            agents.add(agent);
            reserves.add(client.reserveRequest(agent, "area-" + i + "/**"));
          }
          return (connection, i, n) -> {
            String id = HubClient.reservationId(connection.send(reserves.get(i)));
            connection.send(client.releaseRequest(agents.get(i), id)).expect(200, "release");
          };
        });
  }
}

package io.kxm.bench.product;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.bench.Registry;
import io.kxm.bench.Report;
import io.kxm.bench.Row;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Suite;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The product scenarios run against a stand-in that speaks the hub's contract: they register, send,
 * receive, reply and await, and their figures pair with the right baselines. Nothing here is timed:
 * only that each side produced figures.
 */
class ProductScenariosTest {

  @Test
  void every_product_scenario_runs_against_a_hub_that_speaks_the_contract() throws Exception {
    FakeHub fake = new FakeHub();
    HubSource source = new HubSource("fake-hub", "fake", "sqlite-commits", run -> fake);
    List<Scenario> scenarios =
        List.of(
            new DurableSendScenario(source),
            ExchangeScenario.sendToSse(source),
            ExchangeScenario.roundTrip(source));
    // Baselines that need no outside service, so this runs on any machine.
    List<Registry.Entry> baselines =
        Registry.baselines().stream()
            .filter(b -> List.of("sqlite-commits", "bare-http-latency").contains(b.name()))
            .toList();
    try (Run run = new Run(true)) {
      Report report = new Suite(baselines, scenarios).run(run, null);

      assertThat(report.notices()).isEmpty();
      assertThat(report.failed()).isFalse();
      assertThat(report.rows().stream().filter(Row::compared).map(Row::scenario))
          .containsExactly(
              "durable send, 16 agents over HTTP, fake",
              "send to SSE delivery, one recipient, fake",
              "send to SSE delivery, one recipient, fake",
              "round trip: send, receive, reply, await, fake",
              "round trip: send, receive, reply, await, fake");
      assertThat(report.rows()).allSatisfy(r -> assertThat(r.baseline().median()).isPositive());
      assertThat(report.rows().stream().filter(Row::compared))
          .allSatisfy(r -> assertThat(r.product().median()).isPositive());
      assertThat(fake.sends.get()).isPositive();
    }
  }
}

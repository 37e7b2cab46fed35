package io.kxm.hub.reserve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.fanout.FanoutSettings;
import io.kxm.fanout.LiveBuses;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import io.kxm.store.PostgresLocation;
import io.kxm.store.Store;
import io.kxm.store.StoreConfig;
import io.kxm.store.Stores;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.SettableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/** Two hub nodes on one PostgreSQL schema never both grant an overlapping path. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TwoNodeReservationTest {
  private static final int AGENTS_PER_NODE = 6;

  @TempDir static Path dir;
  PostgresSchema schema;
  final SettableClock clock = new SettableClock(MessagingHub.T0);

  @BeforeAll
  void services() {
    Services.requirePostgres();
    schema = PostgresSchema.create("two_node_reservations");
  }

  @AfterAll
  void dropSchema() throws Exception {
    if (schema != null) {
      schema.close();
    }
  }

  private MessagingHub node(String name) {
    Store store =
        Stores.open(
            StoreConfig.postgres(
                    new PostgresLocation(schema.jdbcUrl(), Services.PG_USER, null, schema.name()))
                .withPoolSize(4),
            clock);
    return MessagingHub.start(
        TestHubs.withTokens(dir.resolve(name)),
        store,
        LiveBuses.open(FanoutSettings.inProcess()),
        MessagingHub.FAST,
        clock);
  }

  @Test
  void agents_on_both_nodes_reserving_one_file_at_once_leave_exactly_one_holder() throws Exception {
    try (MessagingHub a = node("a");
        MessagingHub b = node("b")) {
      List<AgentClient> agents = new ArrayList<>();
      for (int i = 0; i < AGENTS_PER_NODE; i++) {
        agents.add(a.agent("on-a-" + i));
        agents.add(b.agent("on-b-" + i));
      }
      CyclicBarrier together = new CyclicBarrier(agents.size());
      List<CompletableFuture<Http.Response>> tries = new ArrayList<>();
      for (AgentClient agent : agents) {
        tries.add(
            CompletableFuture.supplyAsync(() -> {
              try {
                together.await();
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
              return agent.post("/reservations", "{\"paths\":[\"src/**/Main.java\"]}");
            }));
      }
      List<Http.Response> answers = tries.stream().map(CompletableFuture::join).toList();

      assertThat(answers).filteredOn(r -> r.status() == 201).hasSize(1);
      assertThat(answers)
          .filteredOn(r -> r.status() != 201)
          .allSatisfy(r -> assertThat(r.errorCode()).isEqualTo("reservation_conflict"));
      for (MessagingHub node : List.of(a, b)) {
        Http.Response live =
            node.http.getWithToken("/v1/projects/alpha/reservations", TestHubs.ALPHA);
        assertThat(live.json().path("reservations")).hasSize(1);
      }
    }
  }
}

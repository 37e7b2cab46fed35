package io.kxm.store.messaging;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static io.kxm.testkit.NewMessageBuilder.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.store.Backends;
import io.kxm.store.Store;
import io.kxm.testkit.PostgresSchema;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Every send reads the sender's open requests (its deepest hop). On a young table that was never
 * analyzed (autovacuum off, or not yet run) the planner once chose the index of open requests by
 * expiry and filtered it by recipient: each send scanned every open request of the store, and sends
 * slowed as the store grew. The plan that prepared statements get (generic) must go through the
 * recipient.
 */
class PostgresOpenRequestsPlanTest {
  private PostgresSchema schema;
  private Store store;

  @BeforeEach
  void store() {
    schema = PostgresSchema.create("plan");
    store = Backends.postgres(schema, Clock.systemUTC());
  }

  @AfterEach
  void close() throws Exception {
    store.close();
    schema.close();
  }

  @Test
  void the_senders_open_requests_are_read_through_the_recipient_not_the_expiry_time()
      throws Exception {
    String alice = store.agents().register(anAgent("alice").inProject("p").build()).agent().id();
    String bob = store.agents().register(anAgent("bob").inProject("p").build()).agent().id();
    for (int batch = 0; batch < 10; batch++) {
      store.write(tx -> {
        for (int i = 0; i < 100; i++) {
          tx.messages().insert(aRequest().inProject("p").from(alice).to(bob).build());
        }
        return null;
      });
    }

    List<String> plan = new ArrayList<>();
    try (Connection c = schema.connect();
        Statement s = c.createStatement()) {
      s.execute("SET search_path = " + schema.name());
      s.execute("SET plan_cache_mode = force_generic_plan");
      try (PreparedStatement explain =
          c.prepareStatement("EXPLAIN " + SqlMessageStore.openForRecipientSql())) {
        explain.setString(1, alice);
        try (ResultSet r = explain.executeQuery()) {
          while (r.next()) {
            plan.add(r.getString(1));
          }
        }
      }
    }
    assertThat(String.join("\n", plan))
        .contains("messages_open_by_recipient")
        .doesNotContain("messages_open_by_expiry");
  }
}

package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Supervisors (child JVMs, each with its own state home) on one PostgreSQL runtime database: each
 * holds a lease there beside the others, leaves it on a clean stop, and a crashed one's lease is
 * claimed by a survivor once it lapsed.
 */
class InstanceMembershipTest {
  @TempDir Path dir;
  private PostgresSchema schema;

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("member");
  }

  @AfterEach
  void drop() throws SQLException {
    if (schema != null) {
      schema.close();
    }
  }

  private Map<String, String> env() {
    return Map.of(
        "KXM_RUNTIME_DATABASE_URL",
        "postgresql://" + Services.PG_USER + "@127.0.0.1:5432/test",
        "KXM_RUNTIME_DATABASE_SCHEMA",
        schema.name(),
        InstanceMembership.LEASE,
        "10000");
  }

  private String stateOf(String instanceId) throws SQLException {
    try (var c = schema.connect();
        var q =
            c.prepareStatement(
                "SELECT state FROM "
                    + schema.name()
                    + "_instances.runtime_instances"
                    + " WHERE instance_id = ?")) {
      q.setString(1, instanceId);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next() ? rs.getString(1) : "absent";
      }
    }
  }

  private String liveInstance() throws SQLException {
    try (var c = schema.connect();
        var q =
            c.createStatement()
                .executeQuery(
                    "SELECT instance_id, url FROM "
                        + schema.name()
                        + "_instances.runtime_instances WHERE state = 'live'")) {
      assertThat(q.next()).as("a live instance").isTrue();
      String id = q.getString(1);
      assertThat(q.getString(2)).startsWith("http://127.0.0.1:");
      return id;
    }
  }

  private long liveCount() throws SQLException {
    try (var c = schema.connect();
        var q =
            c.createStatement()
                .executeQuery(
                    "SELECT count(*) FROM "
                        + schema.name()
                        + "_instances.runtime_instances WHERE state = 'live'")) {
      q.next();
      return q.getLong(1);
    }
  }

  @Test
  void a_second_supervisor_joins_beside_the_first_and_a_clean_stop_leaves() throws Exception {
    try (ChildSupervisor first = ChildSupervisor.start(dir.resolve("a"), env())) {
      String a = liveInstance();
      try (ChildSupervisor second = ChildSupervisor.start(dir.resolve("b"), env())) {
        assertThat(liveCount()).isEqualTo(2);
        first.terminate();
        assertThat(first.awaitExit(60)).isTrue();
        assertThat(stateOf(a)).as("a clean stop leaves").isEqualTo("left");
        assertThat(liveInstance()).isNotEqualTo(a);
      }
    }
  }

  @Test
  void a_crashed_supervisors_lease_lapses_and_a_running_one_claims_it() throws Exception {
    String a;
    try (ChildSupervisor first = ChildSupervisor.start(dir.resolve("a"), env())) {
      a = liveInstance();
      try (ChildSupervisor second = ChildSupervisor.start(dir.resolve("b"), env())) {
        first.crash();
        assertThat(stateOf(a)).as("nobody has claimed it yet").isEqualTo("live");
        await()
            .atMost(Duration.ofSeconds(60))
            .pollInterval(Duration.ofMillis(200))
            .until(() -> stateOf(a).equals("reconciled"));
      }
    }
  }
}

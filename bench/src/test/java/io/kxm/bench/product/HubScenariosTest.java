package io.kxm.bench.product;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The stream and memory scenarios against the real hub, started from the CLI jar as {@code
 * bench/run} starts it, at sizes far below the suite's. Each repetition checks its own outcome
 * (every event delivered to every subscriber, the replay ending on the right event id), so a figure
 * comes back only when the hub did the work. Nothing is timed. Skipped when the jar is not built.
 */
class HubScenariosTest {

  @BeforeAll
  static void hub_jar_is_built() {
    assumeTrue(
        Files.isRegularFile(HubProcess.jar()),
        "no hub jar at " + HubProcess.jar() + "; ./mvnw -pl kxm-cli -am package -DskipTests");
  }

  @Test
  void fan_out_delivers_every_event_to_every_connection_following_the_stream() throws Exception {
    double[] figures = once(new FanOutScenario(HubSource.SQLITE, 20));
    assertThat(figures[0]).isPositive();
  }

  @Test
  void replay_reads_the_whole_backlog_after_the_resume_cursor() throws Exception {
    double[] figures = once(new ReplayScenario(HubSource.SQLITE, 300, 300));
    assertThat(figures[0]).isPositive();
  }

  @Test
  void idle_streams_are_all_held_by_a_hub_restarted_on_the_same_store() throws Exception {
    double[] figures = once(new IdleStreamsScenario(List.of(20, 40), List.of(20, 40)));
    assertThat(figures[0]).isEqualTo(40);
    assertThat(figures[1]).isPositive();
    assertThat(figures).hasSize(4); // held, RSS, and the memory per stream after each step
  }

  @Test
  void the_send_curve_reports_a_rate_and_a_p99_at_each_count_of_agents() throws Exception {
    double[] figures = once(new SendCurveScenario(HubSource.SQLITE, List.of(1, 4)));
    assertThat(figures).hasSize(4);
    assertThat(java.util.Arrays.stream(figures).min().orElseThrow()).isPositive();
  }

  @Test
  void the_growth_curve_fills_each_store_and_reports_its_bytes_per_message() throws Exception {
    double[] figures = once(new SendGrowthScenario(List.of(20, 60, 200), List.of(20, 60, 200)));
    assertThat(figures).hasSize(6);
    assertThat(java.util.Arrays.stream(figures).min().orElseThrow()).isPositive();
    // Bytes per message fall as the store's fixed cost (schema, agents) is spread over more.
    assertThat(figures[5]).isLessThan(figures[3]);
  }

  @Test
  void reserve_and_release_pairs_are_counted_against_a_real_hub() throws Exception {
    double[] figures = once(new ReserveScenario());
    assertThat(figures).hasSize(1);
    assertThat(figures[0]).isPositive();
  }

  @Test
  void stateless_mcp_sends_are_counted_only_when_the_hub_stored_them() throws Exception {
    double[] figures = once(new McpStatelessSendScenario());
    assertThat(figures).hasSize(1);
    assertThat(figures[0]).isPositive();
  }

  @Test
  void every_send_reaches_the_kxm_mcp_child_as_a_push_notification_on_stdio() throws Exception {
    double[] figures = once(new McpPushScenario(HubSource.SQLITE, 20));
    assertThat(figures[0]).isPositive();
    assertThat(figures[1]).isGreaterThanOrEqualTo(figures[0]);
  }

  @Test
  void idle_hub_reports_its_memory_after_start_and_after_the_load() throws Exception {
    double[] figures = once(new IdleHubScenario(200, 200));
    assertThat(figures).hasSize(2);
    assertThat(figures[0]).isPositive();
    assertThat(figures[1]).isPositive();
  }

  @Test
  void durable_send_on_postgresql_leaves_no_schema_behind() throws Exception {
    assumeTrue(answers("127.0.0.1", 5432), "PostgreSQL is not answering on 127.0.0.1:5432");
    double[] figures = once(new DurableSendScenario(HubSource.POSTGRES));
    assertThat(figures[0]).isPositive();
    try (Connection c =
            DriverManager.getConnection("jdbc:postgresql://127.0.0.1:5432/test?user=postgres");
        PreparedStatement q =
            c.prepareStatement(
                "SELECT count(*) FROM information_schema.schemata WHERE schema_name LIKE ?")) {
      q.setString(1, "kxm_bench_hub_" + ProcessHandle.current().pid() + "_%");
      try (ResultSet rs = q.executeQuery()) {
        rs.next();
        assertThat(rs.getInt(1)).isZero();
      }
    }
  }

  /**
   * Sets up and prepares the product side, runs one repetition, closes it and the hubs it started.
   */
  private static double[] once(Scenario scenario) throws Exception {
    try (Run run = new Run(true)) {
      Measure product = scenario.product();
      try (product) {
        product.setup(run);
        product.prepare(run);
        double[] figures = product.once(run);
        assertThat(figures).hasSameSizeAs(product.metrics().toArray());
        return figures;
      }
    }
  }

  private static boolean answers(String host, int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress(host, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}

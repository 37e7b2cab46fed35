package io.kxm.cli.sync;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.HubCalls;
import io.kxm.cli.support.StarterRuntime;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.runtime.api.Outbox.OutboxCounts;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.runtime.sync.OutboxPusher;
import io.kxm.runtime.sync.PushResult;
import io.kxm.runtime.sync.PushSettings;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The runtime's pusher against the hub as {@code kxm hub start} assembles it, over real HTTP, with
 * the outbox and the hub's store in real SQLite files.
 */
class RuntimeSyncEndToEndTest {
  private static final PushSettings FAST =
      PushSettings.defaults()
          .withWaits(Duration.ofMillis(20), Duration.ofMillis(20), Duration.ofMillis(200));

  @TempDir Path dir;
  private SqliteTestOutbox outbox;
  private int port;

  @BeforeEach
  void setUp() throws IOException {
    outbox = new SqliteTestOutbox(dir.resolve("run-events.db"));
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
  }

  private HubServer startHub() {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_PORT", Integer.toString(port));
    return HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }

  private HubBinding binding(String token, String project) {
    return new HubBinding(URI.create("http://127.0.0.1:" + port), token, project, Instant.EPOCH);
  }

  private OutboxPusher pusher(HubBinding binding) {
    return new OutboxPusher(outbox, binding, "rt-test", Clock.systemUTC(), FAST);
  }

  private void appendRun(String runId, int events) {
    for (int sequence = 1; sequence <= events; sequence++) {
      ObjectNode data =
          sequence == 1
              ? Json.object().put("workflowId", "ship").put("promptSha256", "b".repeat(64))
              : Json.object().put("to", "running");
      outbox.append(runId, sequence, sequence == 1 ? "run.created" : "run.moved", data);
    }
  }

  /** Every stored sync event's key, read with SQL from the hub's store file. */
  private List<String> hubKeys() {
    List<String> keys = new ArrayList<>();
    hubRows(
        "SELECT project, run_id, sequence FROM sync_events ORDER BY run_id, sequence",
        rs -> keys.add(rs.getString(1) + "/" + rs.getString(2) + "#" + rs.getLong(3)));
    return keys;
  }

  private interface RowReader {
    void read(ResultSet rs) throws SQLException;
  }

  private void hubRows(String sql, RowReader reader) {
    String url = "jdbc:sqlite:" + dir.resolve("project/.kxm/state/kxm.db");
    try (Connection c = DriverManager.getConnection(url);
        Statement statement = c.createStatement();
        ResultSet rs = statement.executeQuery(sql)) {
      while (rs.next()) {
        reader.read(rs);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void a_batch_pushed_three_times_because_acks_were_lost_is_stored_once() {
    appendRun("r1", 5);
    try (HubServer hub = startHub();
        OutboxPusher pusher = pusher(binding(TestEnv.ALPHA, "alpha"))) {
      outbox.loseAcks(10);

      PushResult first = pusher.pushOnce();
      PushResult second = pusher.pushOnce();
      PushResult third = pusher.pushOnce();

      assertThat(first).isEqualTo(new PushResult.Pushed(5, 0, false));
      assertThat(second).isEqualTo(new PushResult.Pushed(5, 0, false));
      assertThat(third).isEqualTo(new PushResult.Pushed(5, 0, false));
      assertThat(outbox.counts()).isEqualTo(new OutboxCounts(0, 5, 0));
      assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Idle());
    }
    assertThat(hubKeys())
        .containsExactly("alpha/r1#1", "alpha/r1#2", "alpha/r1#3", "alpha/r1#4", "alpha/r1#5");
  }

  @Test
  void rows_wait_while_the_hub_is_down_and_sync_once_after_it_restarts_on_the_same_store() {
    appendRun("r1", 3);
    OutboxPusher pusher = pusher(binding(TestEnv.ALPHA, "alpha"));
    try (HubServer hub = startHub()) {
      assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(3, 0, false));
    }
    appendRun("r2", 3);

    PushResult down = pusher.pushOnce();

    assertThat(down).isInstanceOf(PushResult.Failed.class);
    assertThat(outbox.counts()).isEqualTo(new OutboxCounts(3, 3, 0));
    assertThat(pusher.status().failures()).isEqualTo(1);
    assertThat(pusher.status().nextAttemptAt()).isNotNull();

    outbox.loseAcks(1);
    try (HubServer hub = startHub()) {
      assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(3, 0, false));
      // The lost acknowledgement sends r2#1 once more; the hub knows it already.
      assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(1, 0, false));
    }
    assertThat(pusher.status().failures()).isZero();
    assertThat(outbox.counts()).isEqualTo(new OutboxCounts(0, 6, 0));
    assertThat(hubKeys())
        .containsExactly(
            "alpha/r1#1", "alpha/r1#2", "alpha/r1#3", "alpha/r2#1", "alpha/r2#2", "alpha/r2#3");
    pusher.close();
  }

  @Test
  void the_push_loop_backs_off_while_the_hub_is_down_and_drains_the_outbox_once_it_is_up()
      throws Exception {
    appendRun("r1", 120);
    try (ExecutorService executor = Executors.newSingleThreadExecutor();
        OutboxPusher pusher = pusher(binding(TestEnv.ALPHA, "alpha"))) {
      pusher.start(executor);
      await().atMost(Duration.ofSeconds(10)).until(() -> pusher.status().failures() >= 2);
      assertThat(outbox.counts().pending()).isEqualTo(120);

      try (HubServer hub = startHub()) {
        pusher.wake();
        await().atMost(Duration.ofSeconds(30)).until(() -> outbox.counts().pending() == 0);
      }
      assertThat(outbox.counts()).isEqualTo(new OutboxCounts(0, 120, 0));
    }
    assertThat(hubKeys()).hasSize(120).doesNotHaveDuplicates();
  }

  @Test
  void a_refused_event_is_parked_with_its_code_and_offered_again_after_unpark() {
    appendRun("r1", 2);
    try (HubServer hub = startHub()) {
      // A binding whose token belongs to beta: the hub refuses every alpha event for good.
      try (OutboxPusher wrong = pusher(binding(TestEnv.BETA, "alpha"))) {
        assertThat(wrong.pushOnce()).isEqualTo(new PushResult.Pushed(0, 2, false));
      }
      assertThat(outbox.parkedCodes()).containsExactly("project_forbidden", "project_forbidden");
      try (OutboxPusher right = pusher(binding(TestEnv.ALPHA, "alpha"))) {
        assertThat(right.pushOnce()).isEqualTo(new PushResult.Idle());

        assertThat(outbox.unpark()).isEqualTo(2);
        assertThat(right.pushOnce()).isEqualTo(new PushResult.Pushed(2, 0, false));
      }
    }
    assertThat(outbox.counts()).isEqualTo(new OutboxCounts(0, 2, 0));
    assertThat(hubKeys()).containsExactly("alpha/r1#1", "alpha/r1#2");
  }

  @Test
  void an_event_that_conflicts_with_the_hub_stays_parked_across_retries_beside_accepted_ones() {
    try (HubServer hub = startHub()) {
      appendRun("r1", 1);
      try (OutboxPusher pusher = pusher(binding(TestEnv.ALPHA, "alpha"))) {
        pusher.pushOnce();
        // Another store claims r1#1 with other content, next to a new event.
        ObjectNode other = Json.object().put("workflowId", "other");
        outbox.append("r1", 1, "run.created", other);
        outbox.append("r1", 2, "run.moved", Json.object().put("to", "running"));

        assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(1, 1, false));
        assertThat(outbox.parkedCodes()).containsExactly("sync_event_conflict");

        assertThat(outbox.unpark()).isEqualTo(1);
        assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(0, 1, false));
        assertThat(outbox.parkedCodes()).containsExactly("sync_event_conflict");
      }
    }
    assertThat(hubKeys()).containsExactly("alpha/r1#1", "alpha/r1#2");
  }

  @Test
  void nothing_outside_the_allowlist_reaches_the_hub_s_store() {
    String prompt = "Refactor billing and keep the customer list private";
    String home = "/home/alice/work/billing";
    String secrets =
        "sk-proj-Abcdefghijklmnopqrstuvwx ghp_abcdefghijklmnopqrstuvwxyz0123456789 "
            + "AKIAABCDEFGHIJKLMNOP eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abcdefghijklmnop";
    ObjectNode created =
        Json.object()
            .put("workflowId", "ship")
            .put("prompt", prompt)
            .put("root", home)
            .put("promptSha256", "b".repeat(64));
    created.putObject("env").put("OPENAI_API_KEY", "sk-proj-Abcdefghijklmnopqrstuvwx");
    created.putObject("revisions").put("bundle", "c".repeat(64)).put("memory", home + "/.kxm");
    outbox.append("r1", 1, "run.created", created);
    outbox.append(
        "r1",
        2,
        "answer.recorded",
        Json.object()
            .put("stepId", "plan")
            .put("agentId", "ghp_abcdefghijklmnopqrstuvwxyz0123456789")
            .put("text", prompt + " " + secrets)
            .put("cwd", home));
    outbox.append(
        "r1",
        3,
        "gate.observed",
        Json.object()
            .put("gateId", "unit")
            .put("exitCode", 1)
            .put("outcome", "AKIAABCDEFGHIJKLMNOP leaked in " + home)
            .put("evidenceSha256", "d".repeat(64)));
    outbox.append(
        "r1",
        4,
        "agent.transcript",
        Json.object().put("text", prompt + " " + secrets + " " + home));

    try (HubServer hub = startHub();
        OutboxPusher pusher = pusher(binding(TestEnv.ALPHA, "alpha"))) {
      assertThat(pusher.pushOnce()).isEqualTo(new PushResult.Pushed(4, 0, false));
    }

    StringBuilder stored = new StringBuilder();
    hubRows(
        "SELECT * FROM sync_events",
        rs -> {
          for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
            stored.append(rs.getString(c)).append('\n');
          }
        });
    assertThat(stored.toString())
        .contains("ship", "b".repeat(64), "c".repeat(64), "d".repeat(64), "[REDACTED]")
        .doesNotContain(
            prompt, "Refactor", "/home", "alice", ".kxm", "sk-proj", "ghp_", "AKIA", "eyJ")
        .doesNotContain("OPENAI_API_KEY", "prompt\"", "root", "cwd", "leaked", "text");
  }

  @Test
  void a_real_engine_run_syncs_its_events_and_none_of_its_prompt_or_answers() {
    String prompt =
        "Move billing to /home/alice/billing with key sk-proj-Abcdefghijklmnopqrstuvwx please";
    StatePaths state = new StatePaths(dir.resolve("state"));
    try (ProjectRuntime runtime = StarterRuntime.open(dir.resolve("work"), state);
        HubServer hub = startHub();
        OutboxPusher pusher =
            new OutboxPusher(
                runtime, binding(TestEnv.ALPHA, "alpha"), "rt-engine", Clock.systemUTC(), FAST)) {
      String runId = runtime.create("example", prompt).runId();
      runtime.drive(runId, true);
      long events = runtime.counts().pending();
      assertThat(events).isGreaterThan(3);

      while (!(pusher.pushOnce() instanceof PushResult.Idle)) {
        // Each round settles one batch.
      }

      assertThat(runtime.counts()).isEqualTo(new OutboxCounts(0, events, 0));
      JsonNode runs = Json.read(new HubCalls(hub.baseUrl()).get("/v1/runtime/runs", TestEnv.ALPHA));
      assertThat(runs.path("runs").get(0).path("runId").asString()).isEqualTo(runId);
      assertThat(runs.path("runs").get(0).path("workflowId").asString()).isEqualTo("example");
      assertThat(runs.path("runs").get(0).path("lastSequence").asLong()).isEqualTo(events);
    }
    StringBuilder stored = new StringBuilder();
    hubRows(
        "SELECT * FROM sync_events",
        rs -> {
          for (int c = 1; c <= rs.getMetaData().getColumnCount(); c++) {
            stored.append(rs.getString(c)).append('\n');
          }
        });
    assertThat(stored.toString())
        .contains("run.created", "example")
        .doesNotContain("billing", "/home", "alice", "sk-proj", dir.toString(), "Do what the run");
  }
}

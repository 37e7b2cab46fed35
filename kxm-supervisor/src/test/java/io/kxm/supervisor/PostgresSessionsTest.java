package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A supervisor told {@code KXM_RUNTIME_DATABASE_URL} keeps its sessions in PostgreSQL: a prompt's
 * events land in the runtime's sessions schema, no {@code sessions.db} appears, and another
 * supervisor on the same database, over a state folder of its own, replays them.
 */
class PostgresSessionsTest {
  @TempDir Path dir;
  private PostgresSchema prefix;

  @BeforeEach
  void freshPrefix() {
    // short: the runtime adds its stores' names to it, and schema names have 32 characters at most
    prefix = PostgresSchema.create("pgs");
  }

  @AfterEach
  void dropSchemas() throws SQLException {
    if (prefix != null) {
      prefix.close();
    }
  }

  @Test
  void a_prompt_s_events_are_in_postgresql_and_another_supervisor_replays_them() throws Exception {
    Path workspace =
        GitRepository.withOneCommit(dir.resolve("workspace"), "README.md", "a project\n");
    try (FakeProvider provider = FakeProvider.start()) {
      provider.enqueue(Turn.text("Hello from the database.").withUsage(20, 5));
      Map<String, String> env =
          Map.of(
              "ANTHROPIC_BASE_URL",
              provider.baseUrl().toString(),
              "ANTHROPIC_API_KEY",
              "sk-ant-test-key-for-the-fake",
              RuntimeDatabase.URL,
              "postgresql://" + Services.PG_USER + "@127.0.0.1:5432/test",
              RuntimeDatabase.SCHEMA,
              prefix.name());
      Path firstState = dir.resolve("first");
      String runId;
      List<String> liveTypes;
      try (ChildSupervisor first = ChildSupervisor.start(firstState, env)) {
        SessionCalls calls = new SessionCalls(first.url(), first.token());
        String session = createBuiltinSession(first, workspace);
        runId = calls.submitted(session, "Say hello");
        await()
            .atMost(Duration.ofSeconds(60))
            .until(
                () -> calls.run(runId).path("run").path("status").asString(), "completed"::equals);
        liveTypes = types(calls.replayAll(runId));
        assertThat(calls.run(runId).path("run").path("finalMessage").asString())
            .isEqualTo("Hello from the database.");
      }

      assertThat(liveTypes).startsWith("run.queued", "run.started").endsWith("run.completed");
      assertThat(storedTypes(runId)).isEqualTo(liveTypes);
      assertThat(firstState.resolve("runtime")).as("the supervisor's own files").isDirectory();
      assertThat(firstState.resolve("runtime").resolve("sessions.db")).doesNotExist();

      Path secondState = dir.resolve("second");
      try (ChildSupervisor second = ChildSupervisor.start(secondState, env)) {
        SessionCalls calls = new SessionCalls(second.url(), second.token());
        assertThat(types(calls.replayAll(runId))).isEqualTo(liveTypes);
        assertThat(calls.run(runId).path("run").path("status").asString()).isEqualTo("completed");
        assertThat(calls.verify(runId).path("ok").asBoolean()).isTrue();
      }
      assertThat(secondState.resolve("runtime").resolve("sessions.db")).doesNotExist();
    }
  }

  private List<String> storedTypes(String runId) throws SQLException {
    try (Connection c = prefix.connect();
        PreparedStatement s =
            c.prepareStatement(
                "SELECT type FROM "
                    + prefix.name()
                    + "_sessions.events WHERE run_id = ? ORDER BY seq")) {
      s.setString(1, runId);
      List<String> out = new ArrayList<>();
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
      return out;
    }
  }

  private static List<String> types(List<SseClient.Frame> frames) {
    return frames.stream().map(SseClient.Frame::type).toList();
  }

  private static String createBuiltinSession(ChildSupervisor supervisor, Path workspace)
      throws Exception {
    Reply created =
        SupervisorHttp.post(
            supervisor.url() + "/v1/sessions",
            supervisor.token(),
            Json.write(
                Map.of(
                    "workspaceRoot",
                    workspace.toString(),
                    "harness",
                    Map.of("type", "builtin", "argv", List.of()),
                    "model",
                    "anthropic/claude-sonnet-4-5")));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    return created.body().get("id").asString();
  }
}

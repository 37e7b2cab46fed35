package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.PostgresRunEventLog;
import io.kxm.runtime.store.RunEventLog;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.store.postgres.PostgresDatabase;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A supervisor started as {@code kxm runtime start} starts it, with {@code
 * KXM_RUNTIME_DATABASE_URL} naming the test PostgreSQL: its runs live in the database, where
 * another instance reads them, and no run event file is made.
 */
class PostgresRunsTest {
  @TempDir Path dir;
  private PostgresSchema schema;
  private Map<String, String> env;
  private Supervisor supervisor;

  @BeforeEach
  void start() throws Exception {
    schema = PostgresSchema.create("suprun");
    Path project = Files.createDirectories(dir.resolve("project"));
    StarterConfig.write(project, false);
    GitRepository.commitAll(project, "starter");
    env =
        Map.of(
            "KXM_STATE_HOME",
            dir.resolve("state").toString(),
            RuntimeDatabase.URL,
            "postgresql://"
                + Services.PG_USER
                + "@"
                + Services.PG_HOST
                + ":"
                + Services.PG_PORT
                + "/"
                + Services.PG_DATABASE,
            RuntimeDatabase.SCHEMA,
            schema.name());
    supervisor = Supervisor.start(SupervisorConfig.fromEnvironment(env));
  }

  @AfterEach
  void stop() throws SQLException {
    if (supervisor != null) {
      supervisor.stop();
    }
    schema.close();
  }

  @Test
  void a_run_driven_by_a_supervisor_on_postgres_is_in_the_database_and_in_no_file()
      throws Exception {
    Path project = dir.resolve("project");
    String token = SupervisorToken.read(supervisor.tokenFile()).orElseThrow();
    Reply created =
        SupervisorHttp.post(
            supervisor.url() + "/v1/runs",
            token,
            Json.write(
                Map.of("projectRoot", project.toString(), "workflow", "example", "prompt", "hi")));
    assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
    String runId = created.body().get("runId").asString();
    Reply drive =
        SupervisorHttp.post(
            supervisor.url() + "/v1/runs/" + runId + "/drive", token, "{\"simulated\":true}");
    assertThat(drive.status()).as(drive.body().toString()).isEqualTo(200);
    Reply verify = SupervisorHttp.get(supervisor.url() + "/v1/runs/" + runId + "/verify", token);
    assertThat(verify.body().get("ok").asBoolean()).as(verify.body().toString()).isTrue();

    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    try (PostgresDatabase database =
            PostgresRunEventLog.openDatabase(
                RuntimeDatabase.fromEnvironment(env), Clock.systemUTC());
        RunEventLog other = PostgresRunEventLog.open(database, key, null)) {
      List<StoredEvent> events = other.events(runId);
      assertThat(events.getFirst().type()).isEqualTo("run.created");
      assertThat(events.getLast().sequence()).isEqualTo(events.size());
      assertThat(other.load(runId).status()).isEqualTo(RunStatus.COMPLETED);
      assertThat(other.outbox(key).counts().pending()).isEqualTo(events.size());
    }
    try (Stream<Path> files = Files.walk(dir.resolve("state"))) {
      assertThat(files.map(f -> f.getFileName().toString()))
          .doesNotContain("run-events.db", "run-heads.db");
    }
  }
}

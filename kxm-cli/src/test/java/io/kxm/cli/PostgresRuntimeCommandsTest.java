package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.backup.BackupManifest;
import io.kxm.cli.stores.StoreFile;
import io.kxm.cli.stores.StoreInventory;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.PostgresRunEventLog;
import io.kxm.runtime.store.RunEventLog;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.store.postgres.PostgresDatabase;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm gc} and {@code kxm backup} with the runtime's runs in PostgreSQL. */
class PostgresRuntimeCommandsTest {
  @TempDir Path dir;
  private PostgresSchema schema;
  private Map<String, String> env;
  private Path project;
  private String key;
  private PostgresDatabase database;
  private RunEventLog log;

  @BeforeEach
  void runsInPostgres() throws Exception {
    schema = PostgresSchema.create("clirun");
    env = TestEnv.of(dir);
    env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    env.put(
        RuntimeDatabase.URL,
        "postgresql://"
            + Services.PG_USER
            + "@"
            + Services.PG_HOST
            + ":"
            + Services.PG_PORT
            + "/"
            + Services.PG_DATABASE);
    env.put(RuntimeDatabase.SCHEMA, schema.name());
    project = Files.createDirectories(dir.resolve("project"));
    StarterConfig.write(project, false);
    GitRepository.commitAll(project, "starter");
    key = ProjectKeys.key(ProjectKeys.canonical(project));
    database =
        PostgresRunEventLog.openDatabase(RuntimeDatabase.fromEnvironment(env), Clock.systemUTC());
    log = PostgresRunEventLog.open(database, key, null);
    Instant longAgo = Instant.now().minus(Duration.ofDays(40));
    Revisions revisions = new Revisions("b1", "m1", "e1", "t1");
    for (String runId : new String[] {"run_old", "run_open"}) {
      log.create(
          runId, longAgo, Batch.of(new RunEvent.RunCreated("build", "ab12", revisions, null)));
    }
    log.append("run_old", longAgo, s -> Batch.of(new RunEvent.RunMoved(RunStatus.CANCELLED, "x")));
    var outbox = log.outbox(key);
    outbox.pending(100).forEach(r -> outbox.acknowledge(r.rowId()));
  }

  @AfterEach
  void drop() throws SQLException {
    log.close();
    database.close();
    schema.close();
  }

  @Test
  void gc_purges_finished_runs_from_the_database_and_leaves_open_ones() {
    CliRun.Result dry = CliRun.run(env, project, "gc", "--dry-run", "--json");
    assertThat(dry.exit()).as(dry.err()).isZero();
    assertThat(removed(Json.read(dry.out()))).isEqualTo(1);
    assertThat(log.runIds()).containsExactly("run_old", "run_open");

    CliRun.Result real = CliRun.run(env, project, "gc", "--json");

    assertThat(real.exit()).as(real.err()).isZero();
    assertThat(removed(Json.read(real.out()))).isEqualTo(1);
    assertThat(log.runIds()).containsExactly("run_open");
    assertThat(ProjectKeys.eventStore(new io.kxm.core.paths.StatePaths(dir.resolve("state")), key))
        .doesNotExist();
  }

  @Test
  void backup_dumps_the_schema_of_runs_with_pg_dump() {
    Path backup = dir.resolve("backup");

    CliRun.Result taken = CliRun.run(env, project, "backup", "--out", backup.toString(), "--json");

    assertThat(taken.exit()).as(taken.err()).isZero();
    BackupManifest.Entry runs =
        BackupManifest.read(backup).stores().stream()
            .filter(e -> e.name().equals(StoreInventory.RUNTIME_RUNS))
            .findFirst()
            .orElseThrow();
    assertThat(runs.kind()).isEqualTo(StoreFile.Kind.POSTGRES);
    assertThat(runs.method()).as(runs.note()).isEqualTo(BackupManifest.Method.PG_DUMP);
    assertThat(runs.note()).contains(schema.name() + "_runs");
    assertThat(BackupManifest.copyOf(backup, runs)).isNotEmptyFile();
  }

  private long removed(JsonNode out) {
    long sum = 0;
    for (JsonNode r : out.path("results")) {
      if (r.path("store").asString().equals("run-events " + key)
          && r.path("what").asString().equals("finished runs")) {
        sum += r.path("removed").asLong();
      }
    }
    return sum;
  }
}

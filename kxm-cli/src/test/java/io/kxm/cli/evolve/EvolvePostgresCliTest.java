package io.kxm.cli.evolve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm evolve}, its report, {@code kxm knowledge export} and {@code kxm gc --knowledge-db}
 * with {@code KXM_RUNTIME_DATABASE_URL} set: the whole loop (attempts, forum rounds, distillation)
 * keeps its knowledge in the runtime's PostgreSQL schema and writes no file.
 */
class EvolvePostgresCliTest {
  @TempDir Path dir;
  private PostgresSchema schema;

  @BeforeEach
  void freshSchema() {
    schema = PostgresSchema.create("evcli");
  }

  @AfterEach
  void dropSchema() throws Exception {
    schema.close();
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>(TestEnv.of(dir));
    env.put(RuntimeDatabase.URL, Services.postgresJdbcUrl());
    env.put(RuntimeDatabase.SCHEMA, schema.name());
    return env;
  }

  @Test
  void the_loop_its_report_export_and_purge_use_the_knowledge_schema() throws Exception {
    String arc = Path.of(EvolveCliTest.class.getResource("arc").toURI()).toString();
    CliRun.Result run =
        CliRun.run(
            env(),
            dir,
            "evolve",
            arc,
            "--db",
            "e.db",
            "--producer",
            "simulated",
            "--population",
            "2",
            "--generations",
            "2",
            "--cross-task-forum-rounds",
            "1",
            "--distill",
            "--json");
    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(Json.read(run.out()).path("db").asString()).contains(schema.name() + "_knowledge");

    CliRun.Result report = CliRun.run(env(), dir, "evolve", "report", "--db", "e.db", "--json");
    assertThat(report.exit()).as(report.err()).isZero();
    JsonNode body = Json.read(report.out());
    assertThat(body.path("tasks").asInt()).isEqualTo(3);
    assertThat(body.path("generations")).hasSize(2);

    CliRun.Result export = CliRun.run(env(), dir, "knowledge", "export", "--db", "e.db");
    assertThat(export.exit()).as(export.err()).isZero();
    assertThat(Json.read(export.out()).path("entries").size()).isPositive();

    CliRun.Result gc =
        CliRun.run(env(), dir, "gc", "--dry-run", "--json", "--knowledge-db", "e.db");
    assertThat(gc.exit()).as(gc.err()).isZero();
    assertThat(Json.read(gc.out()).path("results").toString())
        .contains(schema.name() + "_knowledge");

    assertThat(dir.resolve("e.db")).doesNotExist();
  }
}

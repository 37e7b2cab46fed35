package io.kxm.runtime.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.Revisions;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.PostgresRunEventLog;
import io.kxm.runtime.store.RunEventLog;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.runtime.sync.EventStoreOutboxes;
import io.kxm.runtime.sync.ProjectOutboxes.ProjectOutbox;
import io.kxm.testkit.PostgresSchema;
import io.kxm.testkit.Services;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a process's run event logs open, as {@code KXM_RUNTIME_DATABASE_URL} says. */
class RunEventLogsTest {
  private static final String A = "aaaaaaaaaaaaaaaaaaaaaaaa";
  private static final String B = "bbbbbbbbbbbbbbbbbbbbbbbb";

  @TempDir Path dir;

  private static void oneRun(RunEventLog log) {
    log.create(
        "run_1",
        Instant.parse("2030-01-01T00:00:00Z"),
        Batch.of(
            new RunEvent.RunCreated("build", "ab12", new Revisions("b", "m", "e", "t"), null)));
  }

  @Test
  void without_a_url_each_project_gets_its_sqlite_file() throws Exception {
    StatePaths state = new StatePaths(dir.resolve("state"));
    try (RunEventLogs logs = RunEventLogs.fromEnvironment(state, Map.of(), Clock.systemUTC());
        RunEventLog log = logs.open(A, null)) {
      assertThat(log).isInstanceOf(RunEventStore.class);
      oneRun(log);
      assertThat(logs.projectKeys()).containsExactly(A);
    }
    assertThat(ProjectKeys.eventStore(state, A)).exists();
  }

  @Test
  void with_a_url_every_project_shares_one_schema_and_no_file_is_made() throws Exception {
    StatePaths state = new StatePaths(dir.resolve("state"));
    try (PostgresSchema schema = PostgresSchema.create("logs")) {
      Map<String, String> env =
          Map.of(
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
      try (RunEventLogs logs = RunEventLogs.fromEnvironment(state, env, Clock.systemUTC())) {
        RunEventLog a = logs.open(B, null);
        RunEventLog b = logs.open(A, null);
        assertThat(a).isInstanceOf(PostgresRunEventLog.class);
        oneRun(a);
        oneRun(b);
        assertThat(logs.projectKeys()).containsExactly(A, B);
      }
      try (EventStoreOutboxes outboxes = EventStoreOutboxes.open(state, env)) {
        assertThat(outboxes.all()).extracting(ProjectOutbox::projectKey).containsExactly(A, B);
        assertThat(outboxes.all().getFirst().outbox().counts().pending()).isEqualTo(1);
      }
      assertThat(ProjectKeys.eventStore(state, A)).doesNotExist();
      assertThat(ProjectKeys.eventStore(state, B)).doesNotExist();
    }
  }
}

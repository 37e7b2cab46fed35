package io.kxm.cli.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.CliContext;
import io.kxm.cli.support.StarterRuntime;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.Outbox.OutboxCounts;
import io.kxm.runtime.api.OutboxRow;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.project.ProjectRuntime;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.store.SqliteSessionStore;
import io.kxm.supervisor.SupervisorPaths;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;

/** {@code sync-retry} run through picocli against the engine's real event stores. */
class RuntimeSyncRetryCommandTest {
  @TempDir Path dir;

  private record Run(int exit, String out, String err) {}

  private CliContext context(StringWriter out, StringWriter err) {
    Map<String, String> env = TestEnv.of(dir);
    return new CliContext(env, dir, new PrintWriter(out, true), new PrintWriter(err, true));
  }

  private Run retry(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CliContext context = context(out, err);
    CommandLine line = new CommandLine(new RuntimeSyncRetryCommand(context));
    line.setOut(context.out());
    line.setErr(context.err());
    int exit = line.execute(args);
    return new Run(exit, out.toString(), err.toString());
  }

  private ProjectRuntime runtime() {
    return StarterRuntime.open(
        dir.resolve("project"), context(new StringWriter(), new StringWriter()).statePaths());
  }

  @Test
  void parked_rows_of_every_project_are_pending_again_and_settled_ones_stay_settled() {
    String key;
    try (ProjectRuntime runtime = runtime()) {
      runtime.create("example", "a prompt that stays here");
      runtime.create("example", "another prompt");
      List<OutboxRow> rows = runtime.pending(100);
      assertThat(rows).hasSizeGreaterThanOrEqualTo(2);
      runtime.acknowledge(rows.get(0).rowId());
      for (OutboxRow row : rows.subList(1, rows.size())) {
        runtime.park(row.rowId(), "sync_event_conflict", "held with other content");
      }
      key = rows.get(0).projectKey();
      assertThat(runtime.counts().parked()).isEqualTo(rows.size() - 1);
    }

    Run run = retry("--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode answer = Json.read(run.out());
    try (ProjectRuntime runtime = runtime()) {
      OutboxCounts counts = runtime.counts();
      assertThat(counts.parked()).isZero();
      assertThat(counts.acknowledged()).isEqualTo(1);
      assertThat(counts.pending()).isPositive();
      assertThat(answer.path("reoffered").asLong()).isEqualTo(counts.pending());
      assertThat(answer.path("projects").get(0).path("project").asString()).isEqualTo(key);
    }
    assertThat(retry().out()).contains("0 rows offered to the hub again");
  }

  @Test
  void parked_session_run_rows_are_offered_again_too() throws Exception {
    StatePaths state = context(new StringWriter(), new StringWriter()).statePaths();
    Path project = Files.createDirectories(dir.resolve("sessions-project/.kxm")).getParent();
    String key = ProjectKeys.key(ProjectKeys.canonical(project));
    Files.createDirectories(ProjectKeys.eventStore(state, key).getParent());
    try (SessionStore store =
        SqliteSessionStore.open(SupervisorPaths.of(state).sessionsDb(), Clock.systemUTC())) {
      Session session =
          store.createSession(
              project.toString(), new HarnessSpec(HarnessSpec.COMMAND, List.of("agent")), null);
      SessionRun run = store.createRun(session.id(), "go", null);
      store.transition(run.id(), SessionRunStatus.CANCELLED, null, null);
      for (OutboxRow row : store.syncOutbox(key).pending(10)) {
        store.syncOutbox(key).park(row.rowId(), "sync_event_invalid", "refused");
      }
    }

    Run run = retry("--json");

    assertThat(run.exit()).as(run.err()).isZero();
    JsonNode answer = Json.read(run.out());
    assertThat(answer.path("reoffered").asLong()).isEqualTo(2);
    assertThat(answer.path("projects"))
        .anySatisfy(p -> {
          assertThat(p.path("project").asString()).isEqualTo(key);
          assertThat(p.path("outbox").asString()).isEqualTo("session_runs");
          assertThat(p.path("pending").asLong()).isEqualTo(2);
          assertThat(p.path("parked").asLong()).isZero();
        });
    assertThat(retry().out()).contains(key + " (session runs): 0 re-offered, 2 pending");
  }

  @Test
  void a_machine_without_runtime_projects_has_nothing_to_retry() {
    Run run = retry();

    assertThat(run.exit()).isZero();
    assertThat(run.out()).contains("no runtime projects");
  }

  @Test
  void an_unknown_project_key_is_refused() {
    try (ProjectRuntime runtime = runtime()) {
      runtime.create("example", "prompt");
    }

    Run run = retry("--project", "ffffffffffffffffffffffff");

    assertThat(run.exit()).isNotZero();
  }
}

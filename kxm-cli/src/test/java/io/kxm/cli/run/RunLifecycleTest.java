package io.kxm.cli.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.Cli;
import io.kxm.core.json.Json;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.run.RunFold;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.testkit.GitRepository;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Runs through the real CLI against a real supervisor child process that the commands start on
 * demand, in a fresh Git repository: create, drive, answer, restart and crash.
 */
class RunLifecycleTest {
  @TempDir Path dir;
  Path repo;

  record Run(int exitCode, String out, String err) {
    JsonNode json() {
      return Json.read(out);
    }
  }

  @BeforeEach
  void fresh_git_repository() throws Exception {
    repo = Files.createDirectories(dir.resolve("repo"));
    Process git =
        new ProcessBuilder("git", "init", "-q", repo.toString()).redirectErrorStream(true).start();
    assertThat(git.waitFor(30, TimeUnit.SECONDS)).isTrue();
    assertThat(git.exitValue()).isZero();
    Run init = kxm(repo, "init");
    assertThat(init.exitCode()).as(init.err()).isZero();
  }

  @AfterEach
  void stop_the_supervisor() {
    kxm(repo, "runtime", "stop");
  }

  Map<String, String> env() {
    return Map.of(
        "KXM_STATE_HOME", dir.resolve("state").toString(),
        "HOME", dir.toString(),
        "KXM_SHUTDOWN_GRACE_MS", "2000",
        "PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
  }

  Run kxm(Path where, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        new Cli(env(), where, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new Run(code, out.toString(), err.toString());
  }

  String create(String workflow, String prompt) throws Exception {
    GitRepository.commitAll(repo, "configuration under test");
    Run run = kxm(repo, "run", workflow, prompt, "--json");
    assertThat(run.exitCode()).as(run.err()).isZero();
    JsonNode json = run.json();
    assertThat(json.get("status").asString()).isEqualTo("created");
    return json.get("runId").asString();
  }

  @Test
  void init_run_and_a_simulated_drive_complete_the_example_workflow() throws Exception {
    String runId = create("example", "Add a greeting to the README");

    Run drive = kxm(repo.resolve(".kxm"), "runs", "drive", runId, "--simulated", "--json");
    assertThat(drive.exitCode()).as(drive.err()).isZero();
    JsonNode result = drive.json();
    assertThat(result.get("outcome").asString()).isEqualTo("terminal");
    assertThat(result.path("run").path("run").path("status").asString()).isEqualTo("completed");

    Run status = kxm(repo, "runs", "status", runId);
    assertThat(status.exitCode()).isZero();
    assertThat(status.out()).contains("run " + runId + " (example): completed");

    Run list = kxm(repo, "runs", "list", "--json");
    assertThat(list.json().get("runs")).hasSize(1);
    assertThat(list.json().get("runs").get(0).get("runId").asString()).isEqualTo(runId);

    Run receipt = kxm(repo, "runs", "receipt", runId, "--json");
    assertThat(receipt.exitCode()).isZero();
    assertThat(receipt.json().get("kind").asString()).isEqualTo("terminal");

    Run verify = kxm(repo, "runs", "verify", runId);
    assertThat(verify.exitCode()).as(verify.err()).isZero();
    assertThat(verify.out()).contains("verifies");

    // The runtime form of gate signal goes to the supervisor; a finished run is not blocked.
    Run recover = kxm(repo, "gate", "signal", runId, "--recovery-action", "retry");
    assertThat(recover.exitCode()).isEqualTo(1);
    assertThat(recover.err()).startsWith("error: run_").contains("next:");
    Run hubForm = kxm(repo, "gate", "signal", runId);
    assertThat(hubForm.exitCode()).isEqualTo(2);
    assertThat(hubForm.err()).contains("--signal-key");

    tamperWithEvent(runId, 2);
    Run tampered = kxm(repo, "runs", "verify", runId);
    assertThat(tampered.exitCode()).isEqualTo(1);
    assertThat(tampered.err()).startsWith("error: run_verification_failed:").contains("event 2");
  }

  @Test
  void a_log_cut_short_with_its_receipts_and_state_row_is_named_by_runs_verify() throws Exception {
    String runId = create("example", "Add a greeting to the README");
    Run drive = kxm(repo, "runs", "drive", runId, "--simulated");
    assertThat(drive.exitCode()).as(drive.err()).isZero();
    Run clean = kxm(repo, "runs", "verify", runId);
    assertThat(clean.exitCode()).as(clean.err()).isZero();
    assertThat(clean.out()).contains("receipt signature valid, signed head matches");

    Path db = eventStore();
    List<StoredEvent> events;
    try (RunEventStore reader = RunEventStore.open(db)) {
      events = reader.events(runId);
    }
    int kept = events.size() - 3;
    RunState folded = RunFold.fold(events.subList(0, kept));
    try (var c = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var s = c.createStatement()) {
      String id = "'" + runId + "'";
      s.executeUpdate("DELETE FROM events WHERE run_id = " + id + " AND seq > " + kept);
      s.executeUpdate("DELETE FROM outbox WHERE run_id = " + id + " AND seq > " + kept);
      s.executeUpdate("DELETE FROM drive_receipts WHERE run_id = " + id);
      s.executeUpdate(
          "UPDATE run_state SET status = '"
              + folded.status().wire()
              + "', last_seq = "
              + kept
              + ", last_hash = '"
              + folded.lastHash()
              + "' WHERE run_id = "
              + id);
    }

    Run cut = kxm(repo, "runs", "verify", runId);

    assertThat(cut.exitCode()).isEqualTo(1);
    assertThat(cut.err())
        .startsWith("error: run_verification_failed: run " + runId)
        .contains("from event " + (kept + 1) + ": run_log_truncated:")
        .contains("is event " + events.size());
  }

  @Test
  void runs_watch_follows_a_workflow_run_while_another_command_drives_it() throws Exception {
    String runId = create("example", "watch me");
    CompletableFuture<Run> watch =
        CompletableFuture.supplyAsync(() -> kxm(repo, "runs", "watch", runId));
    Run drive = kxm(repo, "runs", "drive", runId, "--simulated");
    assertThat(drive.exitCode()).as(drive.err()).isZero();

    Run watched = watch.get(60, TimeUnit.SECONDS);
    assertThat(watched.exitCode()).as(watched.err()).isZero();
    assertThat(watched.out()).contains("]: passed").contains("run " + runId + ": completed");
  }

  @Test
  void a_drive_that_ends_unsettled_on_a_gate_that_timed_out_exits_1_and_names_recover()
      throws Exception {
    Files.writeString(
        repo.resolve(".kxm/gates.yaml"),
        "gates:\n  tests:\n    argv: [\"sleep\", \"30\"]\n    timeoutMs: 1000\n");
    String runId = create("example", "a gate that never answers in time");

    Run drive = kxm(repo, "runs", "drive", runId, "--simulated");

    assertThat(drive.exitCode()).as(drive.out() + drive.err()).isEqualTo(1);
    assertThat(drive.out() + drive.err()).contains("unsettled").contains("kxm runs recover");
    Run status = kxm(repo, "runs", "status", runId, "--json");
    assertThat(status.json().path("run").path("status").asString()).isEqualTo("blocked_uncertain");
  }

  @Test
  void runs_watch_of_a_workflow_run_reconnects_through_a_supervisor_restart() throws Exception {
    String runId = create("example", "watch me across a restart");
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CompletableFuture<Integer> watch =
        CompletableFuture.supplyAsync(() ->
            new Cli(env(), repo, new PrintWriter(out, true), new PrintWriter(err, true))
                .run("runs", "watch", runId));
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> out.toString().contains("run " + runId + ": created"));

    Run stopped = kxm(repo, "runtime", "stop");
    assertThat(stopped.exitCode()).as(stopped.err()).isZero();
    await().atMost(Duration.ofSeconds(30)).until(() -> err.toString().contains("reconnecting…"));
    Run drive = kxm(repo, "runs", "drive", runId, "--simulated");
    assertThat(drive.exitCode()).as(drive.err()).isZero();

    assertThat(watch.get(60, TimeUnit.SECONDS)).as(err.toString()).isZero();
    assertThat(out.toString()).contains("run " + runId + ": completed");
    assertThat(err.toString()).contains("reconnecting… (runtime_unreachable)");
  }

  @Test
  void
      an_uncommitted_tree_is_refused_unless_allow_dirty_and_long_prompts_come_from_a_file_or_stdin()
          throws Exception {
    GitRepository.commitAll(repo, "starter");
    String head = GitRepository.git(repo, "rev-parse", "HEAD").strip();
    Path gates = repo.resolve(".kxm/gates.yaml");
    Files.writeString(gates, Files.readString(gates) + "# not reviewed yet\n");

    Run refused = kxm(repo, "run", "example", "p");
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err())
        .startsWith("error: config_uncommitted: ")
        .contains("in 1 file(s): .kxm/gates.yaml")
        .contains("next: ")
        .contains("--allow-dirty");

    String longPrompt = "p".repeat(200 * 1024);
    Path promptFile = Files.writeString(dir.resolve("prompt.txt"), longPrompt);
    Run fromFile =
        kxm(repo, "run", "example", "--prompt-file", promptFile.toString(), "--allow-dirty");
    assertThat(fromFile.exitCode()).as(fromFile.err()).isZero();
    assertThat(fromFile.out())
        .contains("config: working tree, dirty against " + head + ": .kxm/gates.yaml");
    String fileRun = fromFile.out().split(" ")[1];

    InputStream stdin = System.in;
    Run fromStdin;
    try {
      System.setIn(new ByteArrayInputStream("from stdin ü".getBytes(StandardCharsets.UTF_8)));
      fromStdin = kxm(repo, "run", "example", "--prompt-file", "-", "--allow-dirty", "--json");
    } finally {
      System.setIn(stdin);
    }
    assertThat(fromStdin.exitCode()).as(fromStdin.err()).isZero();
    assertThat(fromStdin.json().path("config").path("dirty").asBoolean()).isTrue();
    String stdinRun = fromStdin.json().get("runId").asString();
    JsonNode prompts = storedPrompts();
    assertThat(prompts.path(fileRun).asString()).isEqualTo(longPrompt);
    assertThat(prompts.path(stdinRun).asString()).isEqualTo("from stdin ü");

    Run status = kxm(repo, "runs", "status", fileRun);
    assertThat(status.out()).contains("config: working tree, dirty against " + head);
    Run both = kxm(repo, "run", "example", "inline", "--prompt-file", promptFile.toString());
    assertThat(both.exitCode()).isEqualTo(2);
    Run missing = kxm(repo, "run", "example", "--prompt-file", dir.resolve("nope").toString());
    assertThat(missing.exitCode()).isEqualTo(1);
    assertThat(missing.err()).startsWith("error: prompt_file_unreadable: ");
  }

  private JsonNode storedPrompts() throws Exception {
    try (var found = Files.walk(dir.resolve("state/runtime/projects"))) {
      Path file =
          found
              .filter(p -> p.getFileName().toString().equals(PromptSidecar.FILE_NAME))
              .findFirst()
              .orElseThrow();
      return Json.read(Files.readString(file));
    }
  }

  /** The project's event store under the state root. */
  Path eventStore() throws Exception {
    try (var found = Files.walk(dir.resolve("state/runtime/projects"))) {
      return found
          .filter(p -> p.getFileName().toString().equals("run-events.db"))
          .findFirst()
          .orElseThrow();
    }
  }

  /** Edits one stored event behind the supervisor's back, as a hand on the database would. */
  void tamperWithEvent(String runId, int seq) throws Exception {
    Path db = eventStore();
    try (var connection = java.sql.DriverManager.getConnection("jdbc:sqlite:" + db);
        var update =
            connection.prepareStatement(
                "UPDATE events SET body = replace(body, '\"', '\" ') WHERE run_id = ? AND seq = ?")) {
      update.setString(1, runId);
      update.setInt(2, seq);
      assertThat(update.executeUpdate()).isEqualTo(1);
    }
  }

  @Test
  void an_approval_is_answered_after_a_supervisor_restart_and_the_run_completes() throws Exception {
    Files.writeString(
        repo.resolve(".kxm/workflows/ship.yaml"),
        """
        apiVersion: kxm.workflow.v1
        id: ship
        coordinator: coder
        steps:
          - id: signoff
            type: approval
            prompt: "Ship it?"
            assignments:
              allowedAgents: [coder]
          - id: check
            type: gate
            gate: tests
        """);
    String runId = create("ship", "Release 1.0");
    Run parked = kxm(repo, "runs", "drive", runId, "--simulated", "--json");
    assertThat(parked.exitCode()).as(parked.err()).isZero();
    assertThat(parked.json().get("outcome").asString()).isEqualTo("handoff");
    JsonNode pending = parked.json().path("run").path("interactions").get(0);
    assertThat(pending.get("kind").asString()).isEqualTo("approval");
    assertThat(pending.get("status").asString()).isEqualTo("pending");
    String interaction = pending.get("interactionId").asString();

    long firstPid = supervisorPid();
    Run stop = kxm(repo, "runtime", "stop");
    assertThat(stop.exitCode()).as(stop.err()).isZero();

    Run approve = kxm(repo, "runs", "approve", runId, interaction, "--note", "ok", "--json");
    assertThat(approve.exitCode()).as(approve.err()).isZero();
    assertThat(supervisorPid()).isNotEqualTo(firstPid);

    Run again = kxm(repo, "runs", "approve", runId, interaction);
    assertThat(again.exitCode()).isEqualTo(1);
    assertThat(again.err()).startsWith("error: interaction_already_resolved:").contains("next:");

    Run done = kxm(repo, "runs", "drive", runId, "--simulated", "--json");
    assertThat(done.exitCode()).as(done.err()).isZero();
    assertThat(done.json().path("run").path("run").path("status").asString())
        .isEqualTo("completed");
  }

  @Test
  void a_supervisor_killed_during_a_drive_is_reconciled_on_restart_and_the_run_is_not_running()
      throws Exception {
    Files.writeString(
        repo.resolve(".kxm/gates.yaml"),
        """
        gates:
          tests:
            description: Whitespace check.
            argv: ["git", "diff", "--check"]
            timeoutMs: 600000
          slow:
            description: A gate that outlives the supervisor.
            argv: ["sleep", "20"]
            timeoutMs: 600000
        """);
    Files.writeString(
        repo.resolve(".kxm/workflows/slow.yaml"),
        """
        apiVersion: kxm.workflow.v1
        id: slow
        coordinator: coder
        steps:
          - id: wait-a-while
            type: gate
            gate: slow
        """);
    String runId = create("slow", "");
    CompletableFuture<Run> drive =
        CompletableFuture.supplyAsync(() -> kxm(repo, "runs", "drive", runId, "--simulated"));
    Awaitility.await()
        .atMost(Duration.ofSeconds(60))
        .until(() -> {
          JsonNode detail = kxm(repo, "runs", "status", runId, "--json").json();
          return detail.path("run").path("status").asString().equals("running")
              && detail.path("steps").get(0).path("status").asString().equals("running");
        });

    long pid = supervisorPid();
    ProcessHandle supervisor = ProcessHandle.of(pid).orElseThrow();
    List<ProcessHandle> gates = supervisor.descendants().toList();
    supervisor.destroyForcibly();
    supervisor.onExit().get(30, TimeUnit.SECONDS);
    Run broken = drive.get(60, TimeUnit.SECONDS);
    assertThat(broken.exitCode()).isEqualTo(1);
    assertThat(broken.err()).startsWith("error: ");

    Run after = kxm(repo, "runs", "status", runId, "--json");
    assertThat(after.exitCode()).as(after.err()).isZero();
    assertThat(supervisorPid()).isNotEqualTo(pid);
    String status = after.json().path("run").path("status").asString();
    assertThat(status).isNotIn("running", "preparing", "cancelling");
    gates.forEach(ProcessHandle::destroyForcibly);
  }

  long supervisorPid() {
    Run status = kxm(repo, "runtime", "status", "--json");
    assertThat(status.exitCode()).as(status.out() + status.err()).isZero();
    return status.json().get("pid").asLong();
  }
}

package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.run.AttemptResult;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.ProcessLiveness;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.awaitility.core.ConditionTimeoutException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A supervisor killed with -9 while a live drive's agent step runs its {@code command} harness: the
 * harness and its child survive the kill, the restarted supervisor ends that tree before it serves
 * and reconciles the attempt as {@code outcome_unknown}, and the next drive runs the step once
 * more, alone, in the run's worktree, so the gate after it passes and the run verifies.
 */
@DisabledOnOs(OS.WINDOWS)
class LiveStepCrashTest {
  @TempDir Path dir;
  private final List<Long> strays = new ArrayList<>();
  private String recordedAtCrash;

  @AfterEach
  void endStrays() {
    strays.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
  }

  @Test
  void the_harness_a_crashed_supervisor_left_running_is_ended_and_the_step_runs_again_alone()
      throws Exception {
    Path marks = Files.createDirectories(dir.resolve("marks"));
    Path project = project(marks);
    Path state = dir.resolve("state");
    String runId;
    try (ChildSupervisor first = ChildSupervisor.start(state, Map.of())) {
      Reply created =
          SupervisorHttp.post(
              first.url() + "/v1/runs",
              first.token(),
              Json.write(Map.of("projectRoot", project.toString(), "workflow", "live")));
      assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
      runId = created.body().get("runId").asString();
      // The drive answers only when the step ends, which it will not before the crash.
      CompletableFuture.runAsync(() -> {
        try {
          SupervisorHttp.post(
              first.url() + "/v1/runs/" + runId + "/drive", first.token(), "{\"simulated\":false}");
        } catch (Exception e) {
          // the supervisor is killed under the request
        }
      });
      // mid-step: the harness has started its child and the supervisor has recorded the harness
      // (a record is whole once it is <pid>.json; the writer's temporary file is not one)
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() ->
              lines(marks.resolve("harness-pids")).size() == 1
                  && lines(marks.resolve("child-pids")).size() == 1
                  && Files.exists(
                      harnessDir(state, project)
                          .resolve(lines(marks.resolve("harness-pids")).getFirst() + ".json")));
      strays.add(Long.parseLong(lines(marks.resolve("harness-pids")).getFirst()));
      strays.add(Long.parseLong(lines(marks.resolve("child-pids")).getFirst()));
      recordedAtCrash = records(state, project);
      first.crash();
    }
    assertThat(strays)
        .as("the harness and its child outlived the kill -9 of their supervisor")
        .allMatch(LiveStepCrashTest::alive);

    try (ChildSupervisor second = ChildSupervisor.start(state, Map.of())) {
      // reconciled before it serves: by the time it answers, the old tree is gone
      try {
        await()
            .atMost(Duration.ofSeconds(30))
            .until(() -> strays.stream().noneMatch(p -> alive(p)));
      } catch (ConditionTimeoutException e) {
        throw new AssertionError(
            "the old harness tree still runs: "
                + describe(strays)
                + "\nrecorded at the crash: "
                + recordedAtCrash
                + "\nrecorded now: "
                + records(state, project)
                + "\n"
                + reconcileLog(state),
            e);
      }
      JsonNode reconciled =
          SupervisorHttp.get(second.url() + "/v1/runs/" + runId, second.token()).body();
      assertThat(reconciled.path("run").path("status").asString())
          .as(reconciled.toString())
          .isEqualTo("retry_pending");
      JsonNode step = reconciled.path("steps").get(0);
      assertThat(step.path("status").asString()).isEqualTo("retry_pending");
      assertThat(step.path("detail").asString()).isEqualTo("attempt_outcome_unknown");
      assertThat(step.path("attempts").asInt()).isEqualTo(1);
      Reply notBlocked =
          SupervisorHttp.post(
              second.url() + "/v1/runs/" + runId + "/recover",
              second.token(),
              "{\"action\":\"retry\",\"reason\":\"the supervisor crashed mid-step\"}");
      assertThat(notBlocked.code())
          .as("an agent step is retried by the next drive; only a gate blocks for an operator")
          .isEqualTo("run_not_blocked");

      Files.writeString(marks.resolve("released"), "");
      Reply driven =
          SupervisorHttp.post(
              second.url() + "/v1/runs/" + runId + "/drive",
              second.token(),
              "{\"simulated\":false}");
      assertThat(driven.body().path("run").path("run").path("status").asString())
          .as(driven.body().toString())
          .isEqualTo("completed");
      assertThat(lines(marks.resolve("harness-pids"))).hasSize(2).doesNotHaveDuplicates();
      Path worktree = Path.of(driven.body().path("run").path("work").path("worktree").asString());
      assertThat(Files.readString(worktree.resolve("done.txt"))).isEqualTo("done\n");
      assertThat(project.resolve("done.txt")).doesNotExist();
      Reply verified =
          SupervisorHttp.get(second.url() + "/v1/runs/" + runId + "/verify", second.token());
      assertThat(verified.body().path("ok").asBoolean()).as(verified.body().toString()).isTrue();
      assertThat(harnessRecords(state, project)).as("no harness left recorded").isEmpty();
    }
    try (RunEventStore store = RunEventStore.open(eventStore(state, project))) {
      assertThat(store.load(runId).attempts().values())
          .filteredOn(a -> a.stepId().equals("write"))
          .extracting(RunState.Attempt::result)
          .containsExactly(AttemptResult.OUTCOME_UNKNOWN, AttemptResult.OUTCOME);
    }
  }

  /**
   * A Git project whose workflow has one writing agent step in the command harness, then a gate
   * that checks what it wrote. The first copy of the harness starts a child and waits for the test
   * to release it; a later copy writes its file and answers at once.
   */
  private Path project(Path marks) throws Exception {
    Path project = GitRepository.withOneCommit(dir.resolve("project"), "README.md", "a project\n");
    Path agent = dir.resolve("agent.sh");
    Files.writeString(
        agent,
        """
        #!/bin/sh
        head -n 1 > /dev/null
        echo $$ >> "$1/harness-pids"
        if [ ! -e "$1/released" ]; then
          sleep 600 &
          echo $! >> "$1/child-pids"
          while [ ! -e "$1/released" ]; do sleep 0.2; done
        fi
        echo done > done.txt
        echo '{"type":"message","text":"wrote done.txt"}'
        """);
    assertThat(agent.toFile().setExecutable(true)).isTrue();
    Path kxm = Files.createDirectories(project.resolve(".kxm"));
    Files.createDirectories(kxm.resolve("agents"));
    Files.createDirectories(kxm.resolve("workflows"));
    Files.writeString(kxm.resolve("project.yaml"), "name: live\ndefaultHarness: command\n");
    Files.writeString(
        kxm.resolve("routes.yaml"), "routes:\n  - harness: command\n    model: local/script\n");
    Files.writeString(
        kxm.resolve("agents/coder.yaml"),
        "id: coder\nharness: command\nmodel: local/script\npurpose: Writes done.txt.\n"
            + "command: [\"%s\", \"%s\"]\n".formatted(agent, marks));
    Files.writeString(
        kxm.resolve("gates.yaml"),
        "gates:\n  written:\n    argv: [\"test\", \"-f\", \"done.txt\"]\n    timeoutMs: 30000\n");
    Files.writeString(
        kxm.resolve("workflows/live.yaml"),
        """
        apiVersion: kxm.workflow.v1
        id: live
        coordinator: coder
        steps:
          - id: write
            type: agent
            agent: coder
            writes: true
            prompt: Write done.txt.
          - id: check
            type: gate
            gate: written
        """);
    GitRepository.commitAll(project, "kxm"); // a run pins the committed .kxm/
    return project;
  }

  private static Path eventStore(Path state, Path project) {
    return ProjectKeys.eventStore(
        new StatePaths(state), ProjectKeys.key(ProjectKeys.canonical(project)));
  }

  private static Path harnessDir(Path state, Path project) {
    return eventStore(state, project).getParent().resolve(EngineFactory.HARNESS_PROCESSES);
  }

  private static List<Path> harnessRecords(Path state, Path project) throws IOException {
    Path records = harnessDir(state, project);
    if (!Files.isDirectory(records)) {
      return List.of();
    }
    try (var listed = Files.list(records)) {
      return listed.toList();
    }
  }

  private static String records(Path state, Path project) throws IOException {
    StringBuilder out = new StringBuilder();
    for (Path row : harnessRecords(state, project)) {
      out.append(row.getFileName()).append('=').append(Files.readString(row)).append(' ');
    }
    return out.toString();
  }

  private static String describe(List<Long> pids) throws IOException {
    StringBuilder out = new StringBuilder();
    for (long pid : pids) {
      Path stat = Path.of("/proc", Long.toString(pid), "stat");
      out.append(pid)
          .append(": ")
          .append(Files.exists(stat) ? Files.readString(stat).strip() : "gone")
          .append(", start ")
          .append(ProcessHandle.of(pid).flatMap(h -> h.info().startInstant()).orElse(null))
          .append("; ");
    }
    return out.toString();
  }

  private static String reconcileLog(Path state) throws IOException {
    Path log = state.resolve("runtime/logs/kxm-runtime.jsonl");
    return Files.exists(log)
        ? String.join("\n", Files.readAllLines(log).stream().toList())
        : "no supervisor log";
  }

  private static boolean alive(long pid) {
    return ProcessLiveness.running(pid);
  }

  private static List<String> lines(Path file) throws IOException {
    return Files.exists(file)
        ? Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList()
        : List.of();
  }
}

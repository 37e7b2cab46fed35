package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.runtime.config.StarterConfig;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.ProcessLiveness;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A supervisor killed with -9 in the middle of a long gate: its gate process survives the kill, the
 * restarted supervisor ends it before it serves, and {@code recover retry} then runs the gate once
 * more, alone.
 */
@DisabledOnOs(OS.WINDOWS)
class GateCrashTest {
  @TempDir Path dir;
  private Long firstGate;

  @AfterEach
  void endStrayGate() {
    if (firstGate != null) {
      ProcessHandle.of(firstGate).ifPresent(ProcessHandle::destroyForcibly);
    }
  }

  @Test
  void the_gate_a_crashed_supervisor_left_running_is_ended_at_the_next_start() throws Exception {
    Path project = Files.createDirectories(dir.resolve("project"));
    StarterConfig.write(project, false);
    // The first run of the gate records its pid and stays; the retried one records its own and
    // exits. exec keeps the recorded pid the gate's own process.
    Path script = project.resolve("long-gate");
    Files.writeString(
        script,
        "#!/bin/sh\necho $$ >> gate-pids\ntest -e started && exit 0\ntouch started\n"
            + "exec sleep 600\n");
    assertThat(script.toFile().setExecutable(true)).isTrue();
    Files.writeString(
        project.resolve(".kxm/gates.yaml"),
        """
        gates:
          tests:
            argv: ["true"]
          long:
            argv: ["%s"]
            timeoutMs: 900000
        """
            .formatted(script));
    Files.writeString(
        project.resolve(".kxm/workflows/long.yaml"),
        """
        apiVersion: kxm.workflow.v1
        id: long
        coordinator: coder
        steps:
          - id: check
            type: gate
            gate: long
        """);
    GitRepository.commitAll(project, "starter"); // a run pins the committed .kxm/
    Path pids = project.resolve("gate-pids");
    Path state = dir.resolve("state");
    String runId;
    try (ChildSupervisor first = ChildSupervisor.start(state, Map.of())) {
      Reply created =
          SupervisorHttp.post(
              first.url() + "/v1/runs",
              first.token(),
              Json.write(Map.of("projectRoot", project.toString(), "workflow", "long")));
      assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
      runId = created.body().get("runId").asString();
      // The drive answers only when the gate ends, which it will not before the crash.
      CompletableFuture.runAsync(() -> {
        try {
          SupervisorHttp.post(
              first.url() + "/v1/runs/" + runId + "/drive", first.token(), "{\"simulated\":true}");
        } catch (Exception e) {
          // the supervisor is killed under the request
        }
      });
      await().atMost(Duration.ofSeconds(60)).until(() -> lines(pids).size() == 1);
      firstGate = Long.parseLong(lines(pids).getFirst());
      // The supervisor records the gate right after starting it; a kill before that record is a
      // different crash (nothing could know the process), so this one waits for it.
      await().atMost(Duration.ofSeconds(60)).until(() -> recorded(dir, firstGate));
      first.crash();
    }
    assertThat(ProcessHandle.of(firstGate).map(ProcessHandle::isAlive))
        .as("the gate outlived the kill -9 of its supervisor")
        .contains(true);

    try (ChildSupervisor second = ChildSupervisor.start(state, Map.of())) {
      await().atMost(Duration.ofSeconds(30)).until(() -> !ProcessLiveness.running(firstGate));
      Reply blocked = SupervisorHttp.get(second.url() + "/v1/runs/" + runId, second.token());
      assertThat(blocked.body().path("run").path("status").asString())
          .as(blocked.body().toString())
          .isEqualTo("blocked_uncertain");

      Reply retried =
          SupervisorHttp.post(
              second.url() + "/v1/runs/" + runId + "/recover",
              second.token(),
              "{\"action\":\"retry\",\"reason\":\"the supervisor crashed mid-gate\"}");
      assertThat(retried.status()).as(retried.body().toString()).isEqualTo(200);
      Reply driven =
          SupervisorHttp.post(
              second.url() + "/v1/runs/" + runId + "/drive",
              second.token(),
              "{\"simulated\":true}");
      assertThat(driven.body().path("run").path("run").path("status").asString())
          .as(driven.body().toString())
          .isEqualTo("completed");
      assertThat(lines(pids)).hasSize(2).doesNotHaveDuplicates();
    }
  }

  /** Whether a supervisor under {@code root} has the gate {@code pid} on record. */
  private static boolean recorded(Path root, long pid) throws java.io.IOException {
    String row = pid + ".json";
    try (java.util.stream.Stream<Path> files = Files.walk(root)) {
      return files.anyMatch(f ->
          f.getFileName().toString().equals(row)
              && f.getParent().getFileName().toString().equals(EngineFactory.GATE_PROCESSES));
    }
  }

  private static List<String> lines(Path file) throws java.io.IOException {
    return Files.exists(file)
        ? Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList()
        : List.of();
  }
}

package io.kxm.bench.fault;

import io.kxm.bench.Log;
import io.kxm.bench.product.SupervisorProcess;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.ProcessLiveness;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Fault 10: the runtime supervisor is killed with SIGKILL while a live drive's writing agent step
 * runs its {@code command} harness (a shell that has started a child and waits to be released),
 * then started again on the same state. The restart must end the harness tree the kill left, settle
 * the attempt as unknown and leave the step to be retried; the next drive must run the step once
 * more, alone, in the run's worktree, pass the gate after it, and the run's chain must verify.
 */
final class LiveStepKillFault implements Fault {
  private static final JsonMapper JSON = JsonMapper.shared();
  private static final Duration WAIT = Duration.ofSeconds(60);

  @Override
  public int number() {
    return 10;
  }

  @Override
  public String title() {
    return "kill -9 of the runtime supervisor during a live drive's agent step, restart, retry";
  }

  @Override
  public void run(Stage stage, Findings findings) throws Exception {
    Path marks = stage.newDir("marks-");
    Path project = project(stage.newDir("project-"), marks);
    SupervisorProcess first = stage.keep(SupervisorProcess.start(stage.newDir("sup-"), "sup"));
    List<Long> strays = new ArrayList<>();
    stage.keep(() -> strays.forEach(p -> ProcessHandle.of(p).ifPresent(ProcessHandle::destroy)));
    String runId =
        first
            .post(
                "/v1/runs",
                JSON.writeValueAsString(
                    Map.of("projectRoot", project.toString(), "workflow", "live", "prompt", "go")))
            .path("runId")
            .asString();
    // The drive answers only when the step ends, which it will not before the kill.
    CompletableFuture.runAsync(() -> {
      try {
        first.post("/v1/runs/" + runId + "/drive", "{\"simulated\":false}");
      } catch (Exception e) {
        // the supervisor is killed under the request
      }
    });
    Path records = first.dir().resolve("state/runtime/projects");
    awaitTrue(
        () ->
            lines(marks.resolve("harness-pids")).size() == 1
                && lines(marks.resolve("child-pids")).size() == 1
                && recordedHarnesses(records) == 1,
        "the harness to start its child and be recorded");
    strays.add(Long.parseLong(lines(marks.resolve("harness-pids")).getFirst()));
    strays.add(Long.parseLong(lines(marks.resolve("child-pids")).getFirst()));
    first.kill();
    boolean survived = strays.stream().allMatch(LiveStepKillFault::alive);
    Log.info("killed the supervisor mid-step; harness and child alive: " + survived);

    SupervisorProcess second = stage.keep(first.restart("sup-restarted"));
    boolean ended = awaitGone(strays);
    JsonNode reconciled = second.get("/v1/runs/" + runId);
    JsonNode step = reconciled.path("steps").path(0);
    Files.writeString(marks.resolve("released"), "");
    JsonNode driven = second.post("/v1/runs/" + runId + "/drive", "{\"simulated\":false}");
    String worktree = driven.path("run").path("work").path("worktree").asString("");
    Path written = worktree.isEmpty() ? null : Path.of(worktree, "done.txt");
    JsonNode verified = second.get("/v1/runs/" + runId + "/verify");

    findings.check(
        survived && ended,
        "harness tree (pids "
            + strays
            + ") alive after the kill: "
            + survived
            + "; ended by the restart: "
            + ended);
    findings.check(
        "retry_pending".equals(reconciled.path("run").path("status").asString())
            && "attempt_outcome_unknown".equals(step.path("detail").asString())
            && step.path("attempts").asInt() == 1,
        "after the restart: run "
            + reconciled.path("run").path("status").asString()
            + ", step "
            + step.path("status").asString()
            + " ("
            + step.path("detail").asString()
            + ") after "
            + step.path("attempts").asInt()
            + " attempt");
    List<String> harnesses = lines(marks.resolve("harness-pids"));
    findings.check(
        "completed".equals(driven.path("run").path("run").path("status").asString())
            && harnesses.size() == 2
            && harnesses.stream().distinct().count() == 2,
        "the retried drive: "
            + driven.path("run").path("run").path("status").asString()
            + ", harness processes started in all: "
            + harnesses.size());
    findings.check(
        written != null
            && Files.isRegularFile(written)
            && "done\n".equals(Files.readString(written))
            && !Files.exists(project.resolve("done.txt")),
        "done.txt in the run's worktree: "
            + (written != null && Files.isRegularFile(written) ? "present" : "absent")
            + "; in the project: "
            + (Files.exists(project.resolve("done.txt")) ? "present" : "absent"));
    findings.check(
        verified.path("ok").asBoolean(false) && recordedHarnesses(records) == 0,
        "verify: ok "
            + verified.path("ok").asBoolean(false)
            + " over "
            + verified.path("events").asLong()
            + " events; harness records left: "
            + recordedHarnesses(records));
  }

  /**
   * A Git project with one writing agent step in the command harness, then a gate on its file. The
   * first copy of the harness starts a child and waits for {@code marks/released}; a later copy
   * writes done.txt and answers at once.
   */
  private static Path project(Path dir, Path marks) throws Exception {
    Path project = GitRepository.withOneCommit(dir.resolve("repo"), "README.md", "a project\n");
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
    Path kxm = project.resolve(".kxm");
    Files.createDirectories(kxm.resolve("agents"));
    Files.createDirectories(kxm.resolve("workflows"));
    Files.writeString(kxm.resolve("project.yaml"), "name: fault\ndefaultHarness: command\n");
    Files.writeString(
        kxm.resolve("routes.yaml"), "routes:\n  - harness: command\n    model: local/script\n");
    Files.writeString(
        kxm.resolve("agents/coder.yaml"),
        "harness: command\nid: coder\nmodel: local/script\npurpose: Writes done.txt.\ncommand: "
            + JSON.writeValueAsString(List.of("/bin/sh", agent.toString(), marks.toString()))
            + "\n");
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

  /** Harness records under every project of the supervisor's state; -1 while they change. */
  private static long recordedHarnesses(Path projects) {
    if (!Files.isDirectory(projects)) {
      return 0;
    }
    try (Stream<Path> all = Files.walk(projects, 3)) {
      // a record is whole once it is <pid>.json; the writer's temporary file is not one
      return all.filter(p -> p.getParent().getFileName().toString().equals("harness-processes"))
          .filter(p -> p.getFileName().toString().matches("[0-9]+\\.json"))
          .count();
    } catch (IOException | UncheckedIOException e) {
      return -1; // a record went while the folder was walked
    }
  }

  /** Whether every pid stopped running within 30 s (a zombie init has yet to reap counts). */
  private static boolean awaitGone(List<Long> pids) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (pids.stream().anyMatch(LiveStepKillFault::alive)) {
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(50); // polling processes this run does not own
    }
    return true;
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws Exception {
    long deadline = System.nanoTime() + WAIT.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("waited " + WAIT.toSeconds() + " s for " + what);
      }
      Thread.sleep(50); // polling files a child process writes
    }
  }

  private static boolean alive(long pid) {
    return ProcessLiveness.running(pid);
  }

  private static List<String> lines(Path file) {
    try {
      return Files.exists(file)
          ? Files.readAllLines(file).stream().filter(l -> !l.isBlank()).toList()
          : List.of();
    } catch (IOException e) {
      return List.of(); // being written; read again on the next poll
    }
  }
}

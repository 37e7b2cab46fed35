package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.baseline.BareCommandTurns;
import io.kxm.testkit.GitRepository;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * A live drive as a user runs one: a real supervisor process creates a run of a workflow of {@value
 * BareCommandTurns#TURNS} agent steps over a committed {@code .kxm/} and drives it without {@code
 * --simulated}, so each step admits its route, builds its prompt, starts the {@code command}
 * harness (the baseline's turn program), reads its answer and records the attempt. Compared with
 * starting the same program as many times as bare child processes, the ratio is what the runtime
 * adds to the turns themselves.
 */
public final class LiveDriveScenario implements Scenario {
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public String name() {
    return "live-drive";
  }

  @Override
  public String title() {
    return "live drive of "
        + BareCommandTurns.TURNS
        + " agent steps in the command harness, supervisor process";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(new Comparison("run", "bare-command-turns", "wall", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private SupervisorProcess supervisor;
      private Path project;

      @Override
      public String what() {
        return "POST /v1/runs, then its live drive to completed";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("run"));
      }

      @Override
      public void setup(Run run) throws Exception {
        Path dir = run.newDir("supervisor-live-");
        project = project(dir);
        supervisor = SupervisorProcess.start(dir, "supervisor-live");
      }

      @Override
      public void prepare(Run run) throws Exception {
        driveOne();
      }

      @Override
      public double[] once(Run run) throws Exception {
        int runs = run.size(1, 3);
        long t0 = System.nanoTime();
        for (int i = 0; i < runs; i++) {
          driveOne();
        }
        return new double[] {(System.nanoTime() - t0) / 1e6 / runs};
      }

      private void driveOne() throws Exception {
        String body =
            JSON.writeValueAsString(
                Map.of("projectRoot", project.toString(), "workflow", "live", "prompt", "x"));
        String runId = supervisor.post("/v1/runs", body).path("runId").asString();
        JsonNode drive = supervisor.post("/v1/runs/" + runId + "/drive", "{\"simulated\":false}");
        String status = drive.path("run").path("run").path("status").asString();
        if (!"completed".equals(status)) {
          throw new IllegalStateException("run " + runId + " ended " + status + ": " + drive);
        }
      }

      @Override
      public void close() {
        if (supervisor != null) {
          supervisor.close();
        }
      }
    };
  }

  /** A Git project whose committed {@code .kxm/} runs every step in the turn program. */
  static Path project(Path dir) throws Exception {
    Path project = GitRepository.withOneCommit(dir.resolve("project"), "README.md", "a project\n");
    List<String> argv = BareCommandTurns.writeProgram(dir);
    Path kxm = project.resolve(".kxm");
    Files.createDirectories(kxm.resolve("agents"));
    Files.createDirectories(kxm.resolve("workflows"));
    Files.writeString(kxm.resolve("project.yaml"), "name: bench\ndefaultHarness: command\n");
    Files.writeString(
        kxm.resolve("routes.yaml"), "routes:\n  - harness: command\n    model: local/turn\n");
    Files.writeString(
        kxm.resolve("agents/coder.yaml"),
        "harness: command\nid: coder\nmodel: local/turn\npurpose: Answers each step.\ncommand: "
            + JSON.writeValueAsString(argv)
            + "\n");
    StringBuilder workflow =
        new StringBuilder("apiVersion: kxm.workflow.v1\nid: live\ncoordinator: coder\nsteps:\n");
    for (int i = 1; i <= BareCommandTurns.TURNS; i++) {
      workflow
          .append("  - id: step-")
          .append(i)
          .append("\n    type: agent\n    agent: coder\n    prompt: \"Step ")
          .append(i)
          .append(" of the run.\"\n");
    }
    Files.writeString(kxm.resolve("workflows/live.yaml"), workflow.toString());
    GitRepository.commitAll(project, "kxm"); // a run pins the committed .kxm/
    return project;
  }
}

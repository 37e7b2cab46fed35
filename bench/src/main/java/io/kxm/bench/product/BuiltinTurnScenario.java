package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.client.Latencies;
import io.kxm.bench.client.SseStream;
import io.kxm.core.sse.SseFrame;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One turn of the built-in agent, from the prompt's POST to its {@code run.completed} event on the
 * run's stream: the supervisor queues the run, stores its events, calls the model (the bare
 * server's fixed streamed answer) and streams the result. Compared with a client reading the same
 * model answer straight from the bare server, the ratio is what one agent turn adds to one model
 * call. Each turn runs in a fresh session, so no turn carries the history of the ones before.
 */
public final class BuiltinTurnScenario implements Scenario {
  private static final JsonMapper JSON = JsonMapper.shared();

  @Override
  public String name() {
    return "builtin-turn";
  }

  @Override
  public String title() {
    return "built-in agent turn, prompt to run.completed on its stream, supervisor process";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("p50", "bare-model-stream", "p50", Target.atMost(30)),
        new Comparison("p99", "bare-model-stream", "p99", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private SupervisorProcess supervisor;
      private Path workspace;

      @Override
      public String what() {
        return "POST /v1/sessions/{id}/runs, then its event stream to run.completed";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("p50"), Metric.millis("p99"));
      }

      @Override
      public void setup(Run run) throws Exception {
        BareServerProcess model = BareServerProcess.shared(run);
        Path dir = run.newDir("supervisor-builtin-");
        workspace = Files.createDirectories(dir.resolve("workspace"));
        supervisor =
            SupervisorProcess.start(
                dir,
                "supervisor-builtin",
                Map.of(
                    "ANTHROPIC_BASE_URL",
                    model.base().toString(),
                    "ANTHROPIC_API_KEY",
                    "bench-key"));
        SessionCalls.requireSessions(supervisor);
      }

      @Override
      public void prepare(Run run) throws Exception {
        Latencies.sample(run.size(20, 50), this::turn);
      }

      @Override
      public double[] once(Run run) throws Exception {
        Latencies l = new Latencies(run.size(50, 200));
        for (int i = 0; i < run.size(50, 200); i++) {
          String sessionId = createSession();
          long t0 = System.nanoTime();
          runTurn(sessionId);
          l.add(System.nanoTime() - t0);
        }
        return new double[] {l.percentileMillis(0.50), l.percentileMillis(0.99)};
      }

      private void turn() throws Exception {
        runTurn(createSession());
      }

      private String createSession() throws Exception {
        ObjectNode body = JSON.createObjectNode();
        body.put("workspaceRoot", workspace.toString());
        body.put("model", "anthropic/claude-bench");
        body.putObject("harness").put("type", "builtin").putArray("argv");
        return supervisor.post("/v1/sessions", body.toString()).path("id").asString();
      }

      // Reads the run's stream from its first event to its end; the turn must have completed.
      private void runTurn(String sessionId) throws Exception {
        String runId = SessionCalls.submit(supervisor, sessionId, "say done");
        try (SseStream s = supervisor.runEvents(runId, 0, 16 * 1024)) {
          s.readTimeout(Duration.ofSeconds(60));
          SseFrame event;
          while ((event = s.next()) != null) {
            switch (event.type()) {
              case "run.completed" -> {
                return;
              }
              case "run.failed", "run.cancelled", "run.interrupted" ->
                  throw new IllegalStateException(
                      "the built-in turn ended with " + event.type() + ": " + event.data());
              default -> {
                // queued, started, deltas, usage: the turn goes on
              }
            }
          }
          throw new IllegalStateException("run " + runId + " stream ended before the run did");
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
}

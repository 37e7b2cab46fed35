package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.Target;
import io.kxm.bench.proc.Child;
import io.kxm.bench.proc.Jvm;
import io.kxm.bench.proc.TestPostgres;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runtime event append as a user gets it: a real supervisor process creates runs of a workflow of
 * {@value #STEPS} agent steps and drives them with the model-free producer. Every step appends its
 * step, assignment and attempt events, each hashed into the chain and committed with its outbox
 * row; the figure is events appended per second over whole runs, HTTP calls included. On PostgreSQL
 * the supervisor keeps its stores in private schemas of the test database ({@code
 * KXM_RUNTIME_DATABASE_URL}), dropped when the scenario ends.
 */
public final class RunEventAppendScenario implements Scenario {
  static final int STEPS = 20;
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private final boolean onPostgres;

  /** The supervisor on its SQLite files. */
  public RunEventAppendScenario() {
    this(false);
  }

  public RunEventAppendScenario(boolean onPostgres) {
    this.onPostgres = onPostgres;
  }

  @Override
  public String name() {
    return onPostgres ? "run-event-append-postgres" : "run-event-append";
  }

  @Override
  public String title() {
    return "runtime event append: simulated runs of "
        + STEPS
        + " agent steps, supervisor process, "
        + (onPostgres ? "PostgreSQL" : "SQLite");
  }

  @Override
  public List<Comparison> comparisons() {
    return onPostgres
        ? List.of(
            new Comparison("events/s", "postgres-batch-insert", "events/s", Target.atLeast(0.1)))
        : List.of(
            new Comparison("events/s", "sqlite-batch-insert", "events/s", Target.atLeast(0.5)));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private Child supervisor;
      private String url;
      private String token;
      private Path project;
      private final HttpClient http = HttpClient.newHttpClient();
      private final TestPostgres postgres = TestPostgres.fromEnvironment();
      private String schemas; // the prefix of the private schemas, on PostgreSQL

      @Override
      public String what() {
        return "run events with outbox rows appended by the runtime supervisor";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.rate("events/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        Path jar = HubProcess.requireJar();
        Path dir = run.newDir("runtime-");
        Path state = dir.resolve("state");
        project = Files.createDirectories(dir.resolve("project"));
        List<String> java = new ArrayList<>(List.of(Jvm.java().toString()));
        Map<String, String> env = new HashMap<>(Map.of("KXM_STATE_HOME", state.toString()));
        if (onPostgres) {
          postgres.requireUp();
          schemas = TestPostgres.privateName("rt");
          env.put("KXM_RUNTIME_DATABASE_URL", postgres.url());
          env.put("KXM_RUNTIME_DATABASE_SCHEMA", schemas);
        }
        init(kxm(java, jar, "init"), project, env, dir.resolve("kxm-init.log"));
        Files.writeString(project.resolve(".kxm/workflows/example.yaml"), workflow());
        var started =
            Child.start(
                "runtime",
                kxm(Jvm.productServer(), jar, "runtime", "start", "--foreground"),
                dir,
                env,
                Duration.ofSeconds(120),
                false,
                line -> {
                  int at = line.indexOf("http://127.0.0.1:");
                  return at < 0 ? null : line.substring(at).split(" ")[0];
                });
        supervisor = started.child();
        url = started.value();
        token = Files.readString(state.resolve("runtime/supervisor.token")).strip();
      }

      @Override
      public void prepare(Run run) throws Exception {
        runFor(run.warmup().toNanos());
      }

      @Override
      public double[] once(Run run) throws Exception {
        long t0 = System.nanoTime();
        long events = runFor(run.window().toNanos());
        return new double[] {events / ((System.nanoTime() - t0) / 1e9)};
      }

      /** Whole runs until the deadline; a run is never cut, so the window may run over a little. */
      private long runFor(long nanos) throws Exception {
        long deadline = System.nanoTime() + nanos;
        long events = 0;
        do {
          // the scratch project is not a Git repository: its runs run the working tree
          String body =
              JSON.writeValueAsString(
                  Map.of(
                      "projectRoot",
                      project.toString(),
                      "workflow",
                      "example",
                      "prompt",
                      "x",
                      "allowDirty",
                      true));
          String runId = post("/v1/runs", body).path("runId").asString();
          JsonNode drive = post("/v1/runs/" + runId + "/drive", "{\"simulated\":true}");
          String status = drive.path("run").path("run").path("status").asString();
          if (!"completed".equals(status)) {
            throw new IllegalStateException("run " + runId + " ended " + status + ": " + drive);
          }
          events += drive.path("run").path("eventCount").asLong();
        } while (System.nanoTime() < deadline);
        return events;
      }

      private JsonNode post(String path, String body) throws Exception {
        HttpResponse<String> response =
            http.send(
                HttpRequest.newBuilder(URI.create(url + path))
                    .header("Authorization", "Bearer " + token)
                    .header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(body))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() / 100 != 2) {
          throw new IllegalStateException(
              path + " answered " + response.statusCode() + ": " + response.body());
        }
        return JSON.readTree(response.body());
      }

      @Override
      public void close() {
        if (supervisor != null) {
          supervisor.close();
        }
        if (schemas != null) {
          postgres.dropSchemasStartingWith(schemas); // after the supervisor let go of them
        }
      }
    };
  }

  private static List<String> kxm(List<String> java, Path jar, String... args) {
    List<String> command = new ArrayList<>(java);
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    return command;
  }

  private static void init(List<String> command, Path project, Map<String, String> env, Path log)
      throws Exception {
    ProcessBuilder pb = new ProcessBuilder(command).directory(project.toFile());
    pb.environment().putAll(env);
    pb.redirectErrorStream(true).redirectOutput(log.toFile());
    Process init = pb.start();
    if (!init.waitFor(120, java.util.concurrent.TimeUnit.SECONDS) || init.exitValue() != 0) {
      init.destroyForcibly();
      throw new IllegalStateException("kxm init failed: " + Files.readString(log));
    }
  }

  /** The starter's agent, {@value #STEPS} times: no gate, so the figure is the engine's own. */
  private static String workflow() {
    StringBuilder out =
        new StringBuilder("apiVersion: kxm.workflow.v1\nid: example\ncoordinator: coder\nsteps:\n");
    for (int i = 1; i <= STEPS; i++) {
      out.append("  - id: step-")
          .append(i)
          .append("\n    type: agent\n    agent: coder\n    prompt: \"Step ")
          .append(i)
          .append(" of the run.\"\n");
    }
    return out.toString();
  }
}

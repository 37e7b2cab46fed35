package io.kxm.cli.agent.worker;

import static org.awaitility.Awaitility.await;

import io.kxm.cli.session.SessionSupervisor;
import io.kxm.cli.support.ChildKxm;
import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentConnection;
import io.kxm.client.AgentSpec;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.paths.StatePaths;
import io.kxm.core.peer.PeerMessage;
import io.kxm.core.peer.SendRequest;
import io.kxm.hub.HubServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A real hub on port 0 (as {@code kxm hub start} assembles it), a real runtime supervisor, workers
 * started as {@code kxm agent worker} child processes, and a third agent that asks them.
 */
final class WorkerFixture implements AutoCloseable {
  static final Duration WAIT = Duration.ofSeconds(90);

  final Path dir;
  final HubServer hub;
  final SessionSupervisor supervisor;
  final Path scratch;
  final Path agentScript;
  private final List<Process> workers = new ArrayList<>();
  private final Map<String, String> extraEnv = new HashMap<>();
  private AgentConnection asker;

  private WorkerFixture(Path dir) throws Exception {
    this.dir = dir;
    this.hub = RealHub.start(dir.resolve("hub"));
    this.supervisor = SessionSupervisor.start(dir.resolve("runtime"));
    this.scratch = Files.createDirectories(dir.resolve("scratch"));
    this.agentScript = dir.resolve("worker-agent.py");
    try (InputStream in = WorkerFixture.class.getResourceAsStream("worker-agent.py")) {
      Files.copy(in, agentScript);
    }
  }

  static WorkerFixture start(Path dir) throws Exception {
    return new WorkerFixture(dir);
  }

  /** Adds a variable to the environment of workers started from now on. */
  WorkerFixture env(String name, String value) {
    extraEnv.put(name, value);
    return this;
  }

  Map<String, String> workerEnv() {
    Map<String, String> env = new HashMap<>(supervisor.env());
    env.put("KXM_SERVER_URL", hub.baseUrl());
    env.put("KXM_PROJECT", "alpha");
    env.put("KXM_AUTH_TOKEN", TestEnv.ALPHA);
    env.put(WorkerCommand.RETRY_BACKOFF_MS, "100");
    env.putAll(extraEnv);
    return env;
  }

  Path workspace() {
    return supervisor.workspace();
  }

  WorkerRegistry registry() {
    return WorkerRegistry.of(new StatePaths(Path.of(supervisor.env().get("KXM_STATE_HOME"))));
  }

  /** The test harness script in {@code mode}, as the program after '--'. */
  List<String> agent(String mode) {
    return List.of("python3", agentScript.toString(), mode, scratch.toString());
  }

  /** Starts {@code kxm agent worker --name NAME ARGS} and waits until it is registered. */
  Process startWorker(String name, List<String> args) throws IOException {
    Process process = startWorker(workerEnv(), workspace(), dir, name, args);
    workers.add(process);
    return process;
  }

  /**
   * Starts {@code kxm agent worker --name NAME ARGS} as a child process in {@code workspace} with
   * exactly {@code env}, its console in {@code logDir/worker-NAME.log}, and waits until its
   * registry entry names it.
   */
  static Process startWorker(
      Map<String, String> env, Path workspace, Path logDir, String name, List<String> args)
      throws IOException {
    Process process = spawnWorker(env, workspace, logDir, name, args);
    awaitRegistered(env, logDir, name, process);
    return process;
  }

  /** Starts the worker's process without waiting for it. */
  static Process spawnWorker(
      Map<String, String> env, Path workspace, Path logDir, String name, List<String> args)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ChildKxm.java());
    List<String> kxm = new ArrayList<>(List.of("agent", "worker", "--name", name));
    kxm.addAll(args);
    command.addAll(ChildKxm.arguments(kxm.toArray(String[]::new)));
    ProcessBuilder builder = new ProcessBuilder(command).directory(workspace.toFile());
    builder.environment().clear();
    builder.environment().putAll(env);
    builder.redirectErrorStream(true);
    builder.redirectOutput(
        ProcessBuilder.Redirect.appendTo(logDir.resolve("worker-" + name + ".log").toFile()));
    return builder.start();
  }

  /** Waits until the worker's registry entry names {@code process}; fails if it exits first. */
  static void awaitRegistered(Map<String, String> env, Path logDir, String name, Process process) {
    Path log = logDir.resolve("worker-" + name + ".log");
    WorkerRegistry registry = WorkerRegistry.of(new StatePaths(Path.of(env.get("KXM_STATE_HOME"))));
    await()
        .atMost(WAIT)
        .until(() -> {
          if (!process.isAlive()) {
            throw new AssertionError("worker " + name + " exited:\n" + Files.readString(log));
          }
          return registry.read(name).filter(r -> r.pid() == process.pid()).isPresent();
        });
  }

  String log(String name) {
    try {
      return Files.readString(dir.resolve("worker-" + name + ".log"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  CliRun.Result kxm(String... args) {
    return CliRun.run(workerEnv(), workspace(), args);
  }

  AgentConnection asker() {
    if (asker == null) {
      asker =
          AgentConnection.open(
              new ConnectionSettings(
                  URI.create(hub.baseUrl()),
                  "alpha",
                  TestEnv.ALPHA,
                  "the test",
                  new AgentSpec("asker", "asks the workers", null, null)),
              Clock.systemUTC());
    }
    return asker;
  }

  String ask(String target, String content) {
    return ask(target, content, Delivery.FOLLOW_UP);
  }

  String ask(String target, String content, Delivery delivery) {
    return asker()
        .peers()
        .send(new SendRequest(target, content, delivery, null, null, null, null, true))
        .messageId();
  }

  PeerMessage message(String id) {
    return asker().peers().get(id);
  }

  PeerMessage awaitReply(String id) {
    await().atMost(WAIT).until(() -> message(id).status() == MessageStatus.REPLIED);
    return message(id);
  }

  void awaitFile(String name) {
    await().atMost(WAIT).until(() -> Files.exists(scratch.resolve(name)));
  }

  List<String> turns() throws IOException {
    Path log = scratch.resolve("turns.jsonl");
    return Files.exists(log) ? Files.readAllLines(log) : List.of();
  }

  @Override
  public void close() {
    for (Process worker : workers) {
      worker.descendants().forEach(ProcessHandle::destroyForcibly);
      worker.destroyForcibly();
    }
    if (asker != null) {
      asker.close();
    }
    supervisor.close();
    hub.close();
  }
}

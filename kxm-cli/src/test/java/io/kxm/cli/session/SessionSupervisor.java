package io.kxm.cli.session;

import io.kxm.cli.Cli;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.supervisor.EngineFactory;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * A real supervisor in this process over a temporary state root, found by the CLI as {@code kxm}
 * finds it (registry row and token file), and a workspace with the example echo agent.
 */
public final class SessionSupervisor implements AutoCloseable {
  /** Reading the console output of a command while it still runs. */
  public record Console(StringWriter out, StringWriter err) {}

  /** What one finished command printed and returned. */
  public record Done(int exit, String out, String err) {
    public JsonNode json() {
      return Json.read(out);
    }
  }

  private final Path dir;
  private final Map<String, String> env;
  private final StatePaths state;
  private Supervisor supervisor;

  private SessionSupervisor(Path dir) {
    this.dir = dir;
    this.env = TestEnv.of(dir);
    this.env.put("PATH", System.getenv().getOrDefault("PATH", "/usr/bin:/bin"));
    this.state = new StatePaths(dir.resolve("state"));
  }

  public static SessionSupervisor start(Path dir) throws Exception {
    SessionSupervisor fixture = new SessionSupervisor(dir);
    Files.createDirectories(fixture.workspace());
    fixture.startSupervisor();
    return fixture;
  }

  /** Stops the supervisor as SIGTERM would: active runs get a short grace, then end. */
  public void stopSupervisor() {
    supervisor.close();
    supervisor = null;
  }

  public void startSupervisor() {
    supervisor =
        Supervisor.start(
            new SupervisorConfig(
                state,
                EngineFactory.of(state, Clock.systemUTC()),
                Duration.ofMillis(500),
                Duration.ofMillis(100),
                Clock.systemUTC()));
  }

  /** The running supervisor's base URL, for calls a test makes over plain HTTP. */
  public String url() {
    return supervisor.url();
  }

  /** The bearer token the supervisor wrote, as the CLI reads it. */
  public String token() throws java.io.IOException {
    return Files.readString(supervisor.tokenFile()).strip();
  }

  public Path workspace() {
    return dir.resolve("work");
  }

  public Map<String, String> env() {
    return env;
  }

  /** The example agent of docs/harness-protocol.md, from the repository. */
  public static String echoAgent() {
    Path here = Path.of("").toAbsolutePath();
    for (Path p = here; p != null; p = p.getParent()) {
      Path agent = p.resolve("examples/harness/echo-agent.py");
      if (Files.isRegularFile(agent)) {
        return agent.toString();
      }
    }
    throw new IllegalStateException("examples/harness/echo-agent.py not found above " + here);
  }

  /** Creates a session over the echo agent and returns its ID. */
  public String newEchoSession() {
    Done created = kxm("session", "new", "--json", "--", "python3", echoAgent());
    if (created.exit() != 0) {
      throw new IllegalStateException("session new failed: " + created.err());
    }
    return created.json().path("id").asString();
  }

  public Done kxm(String... args) {
    Console console = new Console(new StringWriter(), new StringWriter());
    int exit = kxm(console, args);
    return new Done(exit, console.out().toString(), console.err().toString());
  }

  /** Runs a command writing into {@code console}, which another thread may read meanwhile. */
  public int kxm(Console console, String... args) {
    PrintWriter out = new PrintWriter(console.out(), true);
    PrintWriter err = new PrintWriter(console.err(), true);
    int exit = new Cli(env, workspace(), out, err).run(args);
    out.flush();
    err.flush();
    return exit;
  }

  @Override
  public void close() {
    if (supervisor != null) {
      stopSupervisor();
    }
  }
}

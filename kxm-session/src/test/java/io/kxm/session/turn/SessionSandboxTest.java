package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.FAILED;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code command} session whose route in the workspace's {@code routes.yaml} asks for the
 * sandbox: its turns run a real python3 harness inside bubblewrap, and one on a route without it
 * runs as before. The harness reports what it could do, so each refusal is seen from inside: of two
 * loopback ports that answer outside, only the model provider's (the route's base URL) answers
 * inside.
 */
@EnabledOnOs(OS.LINUX)
class SessionSandboxTest {
  private static final String PROBE =
      """
      import json, os, socket, sys
      turn = json.loads(sys.stdin.readline())
      home, outside, port, provider = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
      said = []
      try:
          open(os.path.join(home, "credentials")).read()
          said.append("read-home")
      except OSError:
          said.append("no-home")
      try:
          open(os.path.join(outside, "written"), "w").write("x")
          said.append("wrote-outside")
      except OSError:
          said.append("no-outside")
      try:
          socket.create_connection(("127.0.0.1", port), timeout=5).close()
          said.append("connected")
      except OSError:
          said.append("no-connect")
      try:
          socket.create_connection(("127.0.0.1", provider), timeout=5).close()
          said.append("provider")
      except OSError:
          said.append("no-provider")
      open("inside.txt", "w").write("kept")
      print(json.dumps({"type": "message", "text": " ".join(said)}), flush=True)
      """;

  @TempDir Path dir;
  private Path home;
  private Path outside;
  private SessionsFixture fx;
  private ServerSocket server;
  private ServerSocket provider;

  @BeforeEach
  void setUp() throws IOException {
    Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
    home = Files.createTempDirectory(target, "sandbox-home-");
    outside = Files.createTempDirectory(target, "sandbox-outside-");
    Files.writeString(home.resolve("credentials"), "not for harnesses");
    server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    provider = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
  }

  @AfterEach
  void tearDown() throws Exception {
    server.close();
    provider.close();
    if (fx != null) {
      fx.close();
    }
    for (Path p : List.of(home, outside)) {
      try (Stream<Path> all = Files.walk(p)) {
        for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  @Test
  void a_turn_on_a_sandboxed_route_runs_inside_the_sandbox_and_one_beside_it_does_not()
      throws Exception {
    Map<String, String> env = env();
    requireSandbox(env);
    start(env);

    SessionRun boxed = fx.awaitStatus(submit("local/boxed"), COMPLETED);
    assertThat(boxed.finalMessage()).isEqualTo("no-home no-outside no-connect provider");
    assertThat(fx.workspace.resolve("inside.txt")).hasContent("kept");
    assertThat(outside.resolve("written")).doesNotExist();

    SessionRun open = fx.awaitStatus(submit("local/open"), COMPLETED);
    assertThat(open.finalMessage()).isEqualTo("read-home wrote-outside connected provider");
  }

  @Test
  void a_sandboxed_route_where_the_tool_is_missing_fails_the_turn_with_the_code() throws Exception {
    Map<String, String> env = env();
    env.put(Sandbox.BWRAP_SETTING, dir.resolve("no-such-bwrap").toString());
    start(env);

    SessionRun refused = fx.awaitStatus(submit("local/boxed"), FAILED);

    assertThat(refused.error()).isEqualTo("sandbox_unavailable");
    assertThat(fx.workspace.resolve("inside.txt")).doesNotExist();
  }

  private Map<String, String> env() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("HOME", home.toString());
    env.put("OPENAI_BASE_URL", "http://127.0.0.1:" + provider.getLocalPort() + "/v1");
    return env;
  }

  private void start(Map<String, String> env) throws Exception {
    fx = SessionsFixture.storeOnly(dir);
    fx.startService(SessionsFixture.settings(2, 4), Harnesses.standard(env, Clock.systemUTC()));
    Files.createDirectories(fx.workspace.resolve(".kxm"));
    Files.writeString(
        fx.workspace.resolve(".kxm/routes.yaml"),
        """
        routes:
          - harness: command
            model: local/boxed
            sandbox: true
        """);
    // The harness lives in the workspace: everything else under /tmp is hidden in the sandbox.
    Files.writeString(fx.workspace.resolve("probe.py"), PROBE);
  }

  private String submit(String model) {
    HarnessSpec probe =
        new HarnessSpec(
            HarnessSpec.COMMAND,
            List.of(
                "/usr/bin/python3",
                fx.workspace.resolve("probe.py").toString(),
                home.toString(),
                outside.toString(),
                String.valueOf(server.getLocalPort()),
                String.valueOf(provider.getLocalPort())));
    Session session = fx.service.create(fx.workspace.toString(), probe, model);
    return fx.service.submit(session.id(), "probe").id();
  }

  /** Skipped where bwrap cannot run, failed instead where CI promises it. */
  private static void requireSandbox(Map<String, String> env) {
    SandboxStatus status = Sandbox.of(env).status();
    boolean here = status.available() && status.network().available();
    String why = status.detail() + "; " + status.network().detail();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(here, "no sandbox here: " + why);
    }
    assertThat(here).as(why).isTrue();
  }
}

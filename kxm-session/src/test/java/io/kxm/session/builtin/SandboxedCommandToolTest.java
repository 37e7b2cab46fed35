package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
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
 * The built-in agent's {@code run_command} in a sandboxed turn: the agent loop calls its provider
 * from the supervisor, and every command it runs sits in bubblewrap, with no network, the home
 * hidden and only the workspace writable. The same command outside shows the sandbox stops it.
 */
@EnabledOnOs(OS.LINUX)
class SandboxedCommandToolTest {
  @TempDir Path dir;
  private Path home;
  private Path outside;
  private Path workspace;
  private Map<String, String> env;

  @BeforeEach
  void setUp() throws Exception {
    Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
    home = Files.createTempDirectory(target, "sandbox-home-");
    Files.writeString(home.resolve("secret.txt"), "planted in the home");
    outside = Files.createTempDirectory(target, "sandbox-outside-");
    workspace = Files.createDirectories(dir.resolve("workspace"));
    env = new HashMap<>(System.getenv());
    env.put("HOME", home.toString());
  }

  @AfterEach
  void cleanUp() throws Exception {
    for (Path p : new Path[] {home, outside}) {
      try (Stream<Path> all = Files.walk(p)) {
        for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  @Test
  void a_sandboxed_turns_commands_cannot_read_the_home_write_outside_or_reach_a_port()
      throws Exception {
    Sandbox sandbox = Sandbox.of(env);
    requireSandbox(sandbox);
    try (ServerSocket port = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String probe =
          "cat "
              + home.resolve("secret.txt")
              + " || echo no-home; echo x > "
              + outside.resolve("written")
              + " || echo no-write; bash -c 'exec 3<>/dev/tcp/127.0.0.1/"
              + port.getLocalPort()
              + "' 2>/dev/null && echo port-open || echo port-refused; echo kept > inside.txt";
      String call = Json.write(Map.of("command", probe));

      ToolRun boxed = new WorkspaceTools(env, sandbox).run("run_command", Json.read(call), at());
      assertThat(boxed.output())
          .contains("no-home", "no-write", "port-refused")
          .doesNotContain("planted in the home");
      assertThat(workspace.resolve("inside.txt")).hasContent("kept");
      assertThat(outside.resolve("written")).doesNotExist();

      ToolRun open = new WorkspaceTools(env, null).run("run_command", Json.read(call), at());
      assertThat(open.output()).contains("planted in the home", "port-open");
      assertThat(outside.resolve("written")).exists();
    }
  }

  private WorkspacePaths at() {
    return new WorkspacePaths(workspace);
  }

  /** Skipped where bwrap cannot run, failed instead where CI promises it. */
  private static void requireSandbox(Sandbox sandbox) {
    SandboxStatus status = sandbox.status();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(status.available(), "no sandbox here: " + status.detail());
    }
    assertThat(status.available()).as(status.detail()).isTrue();
  }
}

package io.kxm.runtime.sandbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.GateExecutor.GateCommand;
import io.kxm.runtime.api.GateExecutor.GateOutcome;
import io.kxm.runtime.gate.ProcessGateExecutor;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
 * Real bubblewrap around real gate commands (sh and bash build the probes; gates themselves never
 * use a shell). Each check runs the same command outside the sandbox too, so it shows the sandbox,
 * not the command, is what stops it.
 */
@EnabledOnOs(OS.LINUX)
class SandboxTest {
  @TempDir Path dir;
  private Path worktree;
  private Path home;
  private Path outside;
  private Sandbox sandbox;

  @BeforeEach
  void setUp() throws IOException {
    worktree = Files.createDirectories(dir.resolve("worktree"));
    // Not under /tmp, which the sandbox replaces with its scratch anyway: the home and the folder
    // outside the worktree must be hidden or read-only for their own reasons.
    Path target = Files.createDirectories(Path.of("target").toAbsolutePath());
    home = Files.createTempDirectory(target, "sandbox-home-");
    outside = Files.createTempDirectory(target, "sandbox-outside-");
    Files.writeString(home.resolve("credentials"), "not for gates");
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put("HOME", home.toString());
    sandbox = Sandbox.of(env);
  }

  @AfterEach
  void cleanUp() throws IOException {
    for (Path p : List.of(home, outside)) {
      try (Stream<Path> all = Files.walk(p)) {
        for (Path f : all.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  @Test
  void a_sandboxed_command_cannot_connect_to_a_loopback_port_that_answers_outside()
      throws IOException {
    requireSandbox();
    try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      String connect = "exec 3<>/dev/tcp/127.0.0.1/" + server.getLocalPort();

      assertThat(exit(false, "bash", "-c", connect)).isZero();
      assertThat(exit(true, "bash", "-c", connect)).isNotZero();
    }
  }

  @Test
  void a_sandboxed_command_writes_its_worktree_and_nothing_outside_it() {
    requireSandbox();
    String script =
        "echo kept > inside.txt; echo lost > "
            + outside.resolve("outside.txt")
            + "; echo lost > "
            + dir.resolve("beside.txt");

    exit(true, "sh", "-c", script);

    assertThat(worktree.resolve("inside.txt")).hasContent("kept");
    assertThat(outside.resolve("outside.txt")).doesNotExist();
    assertThat(dir.resolve("beside.txt")).doesNotExist();
    assertThat(exit(true, "sh", "-c", "touch /usr/kxm-sandbox-probe")).isNotZero();
  }

  @Test
  void a_sandboxed_command_cannot_read_a_file_planted_in_the_home_folder() {
    requireSandbox();
    String read = "cat " + home.resolve("credentials");

    assertThat(exit(false, "sh", "-c", read)).isZero();
    assertThat(exit(true, "sh", "-c", read)).isNotZero();
    assertThat(exit(true, "sh", "-c", "test -z \"$(ls -A \"$HOME\")\"")).isZero();
  }

  @Test
  void a_bwrap_setting_naming_a_missing_binary_refuses_and_runs_nothing() {
    Map<String, String> env = new HashMap<>(System.getenv());
    env.put(Sandbox.BWRAP_SETTING, dir.resolve("no-such-bwrap").toString());
    ProcessGateExecutor executor = new ProcessGateExecutor(Sandbox.of(env), null);

    GateOutcome outcome =
        executor.run(
            new GateCommand(
                "tests", List.of("sh", "-c", "touch ran"), worktree, Duration.ofSeconds(30), true),
            () -> false);

    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.StartFailed.class,
            f -> {
              assertThat(f.code()).isEqualTo(ErrorCode.SANDBOX_UNAVAILABLE);
              assertThat(f.reason())
                  .contains("gate 'tests'")
                  .contains(Sandbox.BWRAP_SETTING)
                  .contains("not an executable file");
            });
    assertThat(worktree.resolve("ran")).doesNotExist();
  }

  @Test
  void a_path_without_bwrap_refuses_with_the_code_and_a_hint_naming_the_package()
      throws IOException {
    Path emptyBin = Files.createDirectories(dir.resolve("bin"));
    Sandbox none = Sandbox.of(Map.of("PATH", emptyBin.toString()));

    SandboxStatus status = none.status();
    assertThat(status.available()).isFalse();
    assertThat(status.tool()).isEqualTo("bwrap");
    assertThat(status.detail()).contains("bwrap is not on PATH");
    assertThatThrownBy(() -> none.wrap(List.of("true"), worktree, "harness 'agent'"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.SANDBOX_UNAVAILABLE);
              assertThat(e.getMessage()).contains("harness 'agent'");
              assertThat(e.code().hint()).contains("bubblewrap");
            });
  }

  @Test
  void the_worktree_is_mounted_after_the_home_and_scratch_that_contain_it() throws IOException {
    Path inHome = Files.createDirectories(home.resolve("code/project"));

    List<String> argv = sandbox.command(Path.of("/usr/bin/bwrap"), List.of("make"), inHome);

    int homeAt = argv.indexOf(home.toString());
    int worktreeAt = argv.indexOf(inHome.toString());
    assertThat(argv.get(homeAt - 1)).isEqualTo("--tmpfs");
    assertThat(argv.get(worktreeAt - 1)).isEqualTo("--bind");
    assertThat(worktreeAt).isGreaterThan(homeAt);
    assertThat(argv).contains("--unshare-all", "--new-session").endsWith("--", "make");
  }

  private int exit(boolean sandboxed, String... argv) {
    GateOutcome outcome =
        new ProcessGateExecutor(sandbox, null)
            .run(
                new GateCommand(
                    "probe", List.of(argv), worktree, Duration.ofSeconds(30), sandboxed),
                () -> false);
    assertThat(outcome).isInstanceOf(GateOutcome.Exited.class);
    return ((GateOutcome.Exited) outcome).exitCode();
  }

  /** Skipped where bwrap cannot run, failed instead where CI promises it. */
  private void requireSandbox() {
    SandboxStatus status = sandbox.status();
    if (!"1".equals(System.getenv("KXM_REQUIRE_SERVICES"))) {
      Assumptions.assumeTrue(status.available(), "no sandbox here: " + status.detail());
    }
    assertThat(status.available()).as(status.detail()).isTrue();
  }
}

package io.kxm.runtime.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.secret.Tokens;
import io.kxm.runtime.api.GateExecutor.GateCommand;
import io.kxm.runtime.api.GateExecutor.GateOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/** Real child processes; gates never use a shell, but these tests use sh to build process trees. */
@DisabledOnOs(OS.WINDOWS)
class ProcessGateExecutorTest {
  private static final String EMPTY_SHA256 = Tokens.sha256Hex(new byte[0]);

  @TempDir Path dir;
  private final ProcessGateExecutor executor = new ProcessGateExecutor();

  private GateOutcome run(Duration timeout, String... argv) {
    return executor.run(new GateCommand("g", List.of(argv), dir, timeout), () -> false);
  }

  @Test
  void true_exits_zero_with_empty_output() {
    GateOutcome outcome = run(Duration.ofSeconds(30), "true");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> {
              assertThat(e.exitCode()).isZero();
              assertThat(e.stdoutSha256()).isEqualTo(EMPTY_SHA256);
              assertThat(e.stdoutBytes()).isZero();
              assertThat(e.stderrBytes()).isZero();
            });
  }

  @Test
  void false_exits_one() {
    assertThat(run(Duration.ofSeconds(30), "false"))
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class, e -> assertThat(e.exitCode()).isEqualTo(1));
  }

  @Test
  void output_is_kept_as_hash_and_size_with_the_exit_code() {
    GateOutcome outcome = run(Duration.ofSeconds(30), "sh", "-c", "echo hi; echo oops >&2; exit 3");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> {
              assertThat(e.exitCode()).isEqualTo(3);
              assertThat(e.stdoutSha256()).isEqualTo(Tokens.sha256Hex("hi\n"));
              assertThat(e.stdoutBytes()).isEqualTo(3);
              assertThat(e.stderrSha256()).isEqualTo(Tokens.sha256Hex("oops\n"));
              assertThat(e.stderrBytes()).isEqualTo(5);
            });
  }

  @Test
  void large_output_is_counted_without_being_kept() {
    // 4 MiB through the pipe: more than any pipe buffer, so the child blocks unless it is drained
    GateOutcome outcome =
        run(Duration.ofSeconds(60), "sh", "-c", "head -c 4194304 /dev/zero; exit 0");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> {
              assertThat(e.stdoutBytes()).isEqualTo(4L * 1024 * 1024);
              assertThat(e.stdoutSha256()).isEqualTo(Tokens.sha256Hex(new byte[4 * 1024 * 1024]));
            });
  }

  @Test
  void the_command_runs_in_the_working_directory_with_its_arguments_unexpanded() throws Exception {
    Files.writeString(dir.resolve("marker.txt"), "here");

    GateOutcome outcome = run(Duration.ofSeconds(30), "ls", "marker.txt", "$HOME", "*");

    // ls finds marker.txt relative to the gate's folder and is handed $HOME and * literally
    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> {
              assertThat(e.exitCode()).isNotZero();
              assertThat(e.stdoutSha256()).isEqualTo(Tokens.sha256Hex("marker.txt\n"));
            });
  }

  @Test
  void stdin_is_closed_so_a_reading_command_ends_at_once() {
    assertThat(run(Duration.ofSeconds(30), "cat"))
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> {
              assertThat(e.exitCode()).isZero();
              assertThat(e.stdoutBytes()).isZero();
            });
  }

  @Test
  void a_missing_program_fails_to_start() {
    assertThat(run(Duration.ofSeconds(30), "kxm-no-such-program-here"))
        .isInstanceOfSatisfying(
            GateOutcome.StartFailed.class,
            f -> assertThat(f.reason()).contains("kxm-no-such-program-here"));
  }

  @Test
  void a_missing_working_directory_fails_to_start() {
    GateOutcome outcome =
        executor.run(
            new GateCommand("g", List.of("true"), dir.resolve("gone"), Duration.ofSeconds(5)),
            () -> false);

    assertThat(outcome).isInstanceOf(GateOutcome.StartFailed.class);
  }

  @Test
  void a_timeout_kills_the_child_and_its_own_child() throws Exception {
    GateOutcome outcome = run(Duration.ofSeconds(1), "sh", "-c", treeScript());

    assertThat(outcome).isEqualTo(new GateOutcome.TimedOut(Duration.ofSeconds(1)));
    assertGone(pid("root.pid"));
    assertGone(pid("child.pid"));
  }

  @Test
  void cancelling_mid_run_kills_the_tree() throws Exception {
    AtomicBoolean cancelled = new AtomicBoolean();
    CompletableFuture<GateOutcome> outcome =
        CompletableFuture.supplyAsync(() ->
            executor.run(
                new GateCommand("g", List.of("sh", "-c", treeScript()), dir, Duration.ofMinutes(5)),
                cancelled::get));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() ->
            Files.exists(dir.resolve("child.pid")) && Files.size(dir.resolve("child.pid")) > 0);

    cancelled.set(true);

    assertThat(outcome.get()).isEqualTo(new GateOutcome.Cancelled());
    assertGone(pid("root.pid"));
    assertGone(pid("child.pid"));
  }

  @Test
  void background_children_left_behind_are_killed_when_the_command_exits() throws Exception {
    GateOutcome outcome =
        run(
            Duration.ofSeconds(60),
            "sh",
            "-c",
            "sleep 30 & echo $! > child.pid; sleep 1; echo done");

    assertThat(outcome)
        .isInstanceOfSatisfying(
            GateOutcome.Exited.class,
            e -> assertThat(e.stdoutSha256()).isEqualTo(Tokens.sha256Hex("done\n")));
    assertGone(pid("child.pid"));
  }

  /** sh records its PID, starts a background sleep, records that, then becomes a sleep itself. */
  private static String treeScript() {
    return "echo $$ > root.pid.tmp; mv root.pid.tmp root.pid;"
        + " sleep 30 & echo $! > child.pid.tmp; mv child.pid.tmp child.pid; exec sleep 30";
  }

  private long pid(String file) throws Exception {
    return Long.parseLong(Files.readString(dir.resolve(file)).strip());
  }

  private static void assertGone(long pid) {
    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() ->
            assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .as("process %d is still alive", pid)
                .isFalse());
  }
}

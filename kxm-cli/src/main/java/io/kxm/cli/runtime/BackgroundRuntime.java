package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.cli.ServerJvm;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.secret.SecureFiles;
import io.kxm.supervisor.SupervisorPaths;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Finds the running supervisor, or starts {@code kxm runtime start --foreground} as a detached
 * child of the same jar and waits until it proves itself on its port. Its console output goes to
 * {@code runtime/logs/runtime-console.log}.
 */
public final class BackgroundRuntime {
  private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

  private BackgroundRuntime() {}

  public static SupervisorPaths paths(CliContext context) {
    return SupervisorPaths.of(context.statePaths());
  }

  /** The running supervisor, started first when none runs. */
  public static RunningSupervisor ensure(CliContext context) {
    SupervisorPaths paths = paths(context);
    return RunningSupervisor.find(paths, context.env())
        .orElseGet(() -> start(context, paths, List.of()));
  }

  /**
   * @param options what {@code kxm runtime start} was given besides {@code --foreground}, passed on
   *     to the child
   */
  static RunningSupervisor start(CliContext context, SupervisorPaths paths, List<String> options) {
    Path console = paths.consoleLog();
    Process child;
    try {
      SecureFiles.createPrivateDirectories(paths.logsDir());
      ProcessBuilder builder = new ProcessBuilder(command(context.env(), options));
      // The supervisor serves many projects: run it from the state folder, not from this project.
      builder.directory(paths.runtimeDir().toFile());
      builder.environment().clear();
      builder.environment().putAll(context.env());
      builder.redirectErrorStream(true);
      builder.redirectOutput(ProcessBuilder.Redirect.appendTo(console.toFile()));
      builder.redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
      child = builder.start();
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.STATE_DIR_UNUSABLE,
          "cannot start the runtime supervisor: " + e.getMessage(),
          e);
    }
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (System.nanoTime() < deadline) {
      Optional<RunningSupervisor> found = RunningSupervisor.find(paths, context.env());
      if (found.isPresent()) {
        return found.get();
      }
      if (!child.isAlive()) {
        // Lost a race with another start: the winner serves us as well.
        Optional<RunningSupervisor> other = RunningSupervisor.find(paths, context.env());
        if (other.isPresent()) {
          return other.get();
        }
        throw new KxmException(
            ErrorCode.RUNTIME_UNREACHABLE,
            "the runtime supervisor exited with code "
                + child.exitValue()
                + " while starting:\n"
                + tail(console),
            "Fix what it reported above; its console log is " + console);
      }
      try {
        child.waitFor(100, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        break;
      }
    }
    child.destroy();
    throw new KxmException(
        ErrorCode.RUNTIME_UNREACHABLE,
        "the runtime supervisor did not answer within " + START_TIMEOUT.toSeconds() + " s",
        "Look at " + console + " for the reason.");
  }

  private static List<String> command(Map<String, String> env, List<String> options) {
    List<String> cmd = ServerJvm.command(env);
    cmd.add("runtime");
    cmd.add("start");
    cmd.add("--foreground");
    cmd.addAll(options);
    return cmd;
  }

  private static String tail(Path console) {
    try {
      List<String> lines = Files.readAllLines(console, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 8), lines.size()));
    } catch (IOException e) {
      return "(no console output)";
    }
  }
}

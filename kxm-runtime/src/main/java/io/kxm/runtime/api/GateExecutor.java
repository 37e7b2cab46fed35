package io.kxm.runtime.api;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * Runs one gate command from {@code .kxm/gates.yaml}: an argument list started without a shell,
 * bounded by a timeout, whose output is kept only as hashes and sizes.
 */
public interface GateExecutor {

  /**
   * Runs the command to its end; never throws for the command's own failure.
   *
   * @param cancelled polled while the command runs; when it turns true the process tree is killed
   */
  GateOutcome run(GateCommand command, java.util.function.BooleanSupplier cancelled);

  /** What to run, where, and for how long at most. */
  record GateCommand(String gateId, List<String> argv, Path workingDirectory, Duration timeout) {
    public GateCommand {
      argv = List.copyOf(argv);
      if (argv.isEmpty()) {
        throw new IllegalArgumentException("a gate command needs at least the program");
      }
    }
  }

  /** How a gate command ended. */
  sealed interface GateOutcome {

    /**
     * The process ran and exited.
     *
     * @param stdoutSha256 hex SHA-256 of everything it wrote to stdout
     */
    record Exited(
        int exitCode,
        String stdoutSha256,
        long stdoutBytes,
        String stderrSha256,
        long stderrBytes,
        Duration took)
        implements GateOutcome {}

    /** The process ran past its timeout and was killed with its children. */
    record TimedOut(Duration timeout) implements GateOutcome {}

    /** The process never started (missing program, not executable, bad directory). */
    record StartFailed(String reason) implements GateOutcome {}

    /** The drive was cancelled while the process ran; it was killed with its children. */
    record Cancelled() implements GateOutcome {}
  }
}

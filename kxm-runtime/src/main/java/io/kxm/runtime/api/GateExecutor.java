package io.kxm.runtime.api;

import io.kxm.core.error.ErrorCode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

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

  /**
   * Ends the gate process trees a previous, crashed process left running, so that a retried gate
   * never runs beside its first copy. Called when a project's runs are reconciled.
   *
   * @return how many trees were found alive and ended
   */
  default int endOrphans() throws InterruptedException {
    return 0;
  }

  /**
   * What to run, where, and for how long at most.
   *
   * @param sandboxed run it inside {@link io.kxm.runtime.sandbox.Sandbox}, writable only in {@code
   *     workingDirectory}; refused with {@code sandbox_unavailable} where the sandbox cannot run
   * @param environment variables added to the command's environment: the hub's URL and the fencing
   *     tokens of the step's leases ({@code KXM_HUB_URL}, {@code KXM_FENCE_<RESOURCE>})
   */
  record GateCommand(
      String gateId,
      List<String> argv,
      Path workingDirectory,
      Duration timeout,
      boolean sandboxed,
      Map<String, String> environment) {
    public GateCommand {
      argv = List.copyOf(argv);
      environment = environment == null ? Map.of() : Map.copyOf(environment);
      if (argv.isEmpty()) {
        throw new IllegalArgumentException("a gate command needs at least the program");
      }
    }

    /** A command run as is, outside the sandbox. */
    public GateCommand(String gateId, List<String> argv, Path workingDirectory, Duration timeout) {
      this(gateId, argv, workingDirectory, timeout, false, Map.of());
    }

    /** A command without added variables. */
    public GateCommand(
        String gateId,
        List<String> argv,
        Path workingDirectory,
        Duration timeout,
        boolean sandboxed) {
      this(gateId, argv, workingDirectory, timeout, sandboxed, Map.of());
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

    /**
     * The process never started (missing program, not executable, bad directory, or a sandbox asked
     * for where none can run).
     *
     * @param code the refusal's code when KXM refused to start it ({@code sandbox_unavailable});
     *     null when the operating system could not start it
     */
    record StartFailed(String reason, ErrorCode code) implements GateOutcome {
      public StartFailed(String reason) {
        this(reason, null);
      }
    }

    /** The drive was cancelled while the process ran; it was killed with its children. */
    record Cancelled() implements GateOutcome {}
  }
}

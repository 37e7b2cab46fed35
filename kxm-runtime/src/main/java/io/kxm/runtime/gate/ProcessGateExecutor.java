package io.kxm.runtime.gate;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.runtime.process.RunningProcesses;
import io.kxm.runtime.sandbox.Sandbox;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Runs gate commands as real child processes: the argument list goes to the operating system as is,
 * with no shell to expand it; stdin is closed at once so a command that prompts gets end of input
 * instead of hanging; stdout and stderr are reduced to SHA-256 digests and byte counts while they
 * stream. A timeout or a cancellation kills the whole process tree, not only the child, since a
 * test runner's workers would otherwise outlive the gate.
 *
 * <p>A command counts as ended once it has exited and both its streams have closed. Background
 * processes it leaves behind are killed when it exits: a gate may not leave work running, and one
 * that still held the pipes would keep its output from ever being complete. Descendants are found
 * by polling, so one started and orphaned between two polls can escape; its pipes then keep the
 * gate open until its timeout, which reports it as timed out rather than passing.
 *
 * <p>A command that asks for the sandbox runs inside {@link Sandbox} or not at all. With a {@link
 * RunningProcesses} record, each running gate's pid and start time are kept on disk until its tree
 * is gone, so a supervisor killed mid-gate ends that tree at its next start ({@link
 * #endOrphans()}).
 */
public final class ProcessGateExecutor implements GateExecutor {
  static final Duration POLL = Duration.ofMillis(50);
  static final Duration GRACE = Duration.ofSeconds(2);

  private final Sandbox sandbox;
  private final RunningProcesses processes;

  /** Gates with the sandbox of this process's environment, recording no processes. */
  public ProcessGateExecutor() {
    this(Sandbox.of(System.getenv()), null);
  }

  /**
   * @param sandbox wraps the commands that ask for the sandbox
   * @param processes where running gate processes are recorded, for {@link #endOrphans()} after a
   *     crash; null to record none
   */
  public ProcessGateExecutor(Sandbox sandbox, RunningProcesses processes) {
    this.sandbox = sandbox;
    this.processes = processes;
  }

  @Override
  public int endOrphans() throws InterruptedException {
    return processes == null ? 0 : processes.endOrphans(new OrphanProcesses(GRACE));
  }

  @Override
  public GateOutcome run(GateCommand command, BooleanSupplier cancelled) {
    if (command.timeout() == null || command.timeout().isNegative() || command.timeout().isZero()) {
      throw new IllegalArgumentException(
          "gate " + command.gateId() + " needs a positive timeout, got " + command.timeout());
    }
    if (command.workingDirectory() == null) {
      throw new IllegalArgumentException("gate " + command.gateId() + " needs a working directory");
    }
    List<String> argv;
    try {
      argv =
          command.sandboxed()
              ? sandbox.wrap(
                  command.argv(), command.workingDirectory(), "gate '" + command.gateId() + "'")
              : command.argv();
    } catch (KxmException e) {
      return new GateOutcome.StartFailed(e.getMessage(), e.code());
    }
    long started = System.nanoTime();
    Process process;
    try {
      ProcessBuilder builder =
          new ProcessBuilder(argv)
              .directory(command.workingDirectory().toFile())
              .redirectInput(ProcessBuilder.Redirect.PIPE);
      builder.environment().putAll(command.environment());
      process = builder.start();
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      // start() throws these for a missing program, a denied one, or a platform without
      // processes: in every case the gate never ran, which the run records as gate_start_failed.
      return new GateOutcome.StartFailed(e.getMessage());
    }
    if (processes != null) {
      try {
        processes.started(process.pid(), process.info().startInstant().orElseGet(Instant::now));
      } catch (RuntimeException e) {
        // A gate nobody could end after a crash must not run: stop it before it does anything.
        forceKill(new ProcessTree(process));
        return new GateOutcome.StartFailed("its process could not be recorded: " + e.getMessage());
      }
    }
    try {
      return supervise(command, cancelled, process, started);
    } catch (InterruptedException e) {
      forceKill(new ProcessTree(process));
      Thread.currentThread().interrupt();
      return new GateOutcome.Cancelled();
    } finally {
      if (processes != null) {
        processes.ended(process.pid());
      }
    }
  }

  private static GateOutcome supervise(
      GateCommand command, BooleanSupplier cancelled, Process process, long started)
      throws InterruptedException {
    closeQuietly(process.getOutputStream());
    String name = "gate-" + command.gateId() + "-" + process.pid();
    StreamDigest out = StreamDigest.drain(process.getInputStream(), name + "-stdout");
    StreamDigest err = StreamDigest.drain(process.getErrorStream(), name + "-stderr");
    ProcessTree tree = new ProcessTree(process);
    long deadline = started + command.timeout().toNanos();
    tree.remember();
    while (!process.waitFor(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
      tree.remember();
      Optional<GateOutcome> stop = stopped(command, cancelled, deadline);
      if (stop.isPresent()) {
        tree.kill(GRACE);
        return stop.get();
      }
    }
    tree.killLeftovers(GRACE);
    while (!(out.awaitEnd(POLL) && err.awaitEnd(POLL))) {
      Optional<GateOutcome> stop = stopped(command, cancelled, deadline);
      if (stop.isPresent()) {
        tree.kill(GRACE);
        return stop.get();
      }
    }
    return new GateOutcome.Exited(
        process.exitValue(),
        out.sha256(),
        out.bytes(),
        err.sha256(),
        err.bytes(),
        Duration.ofNanos(System.nanoTime() - started));
  }

  private static Optional<GateOutcome> stopped(
      GateCommand command, BooleanSupplier cancelled, long deadline) {
    if (cancelled.getAsBoolean()) {
      return Optional.of(new GateOutcome.Cancelled());
    }
    if (System.nanoTime() - deadline >= 0) {
      return Optional.of(new GateOutcome.TimedOut(command.timeout()));
    }
    return Optional.empty();
  }

  private static void forceKill(ProcessTree tree) {
    // the caller was interrupted, so no grace: nobody is left to wait for a polite exit
    try {
      tree.kill(Duration.ZERO);
    } catch (InterruptedException e) {
      // interrupted again while killing; the caller restores the flag
    }
  }

  private static void closeQuietly(OutputStream stdin) {
    try {
      stdin.close();
    } catch (IOException e) {
      // the child already exited and closed its end; there is nothing to close
    }
  }
}

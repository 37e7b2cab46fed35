package io.kxm.runtime.sandbox;

import java.io.IOException;
import java.util.List;

/**
 * A command line wrapped for the sandbox, and the relay its network needs while it runs: {@link
 * #start} starts the process and ties the relay to it, or closes the relay at once when the process
 * never started.
 */
public final class SandboxLaunch implements AutoCloseable {
  private final List<String> command;
  private final SandboxNetwork network;

  SandboxLaunch(List<String> command, SandboxNetwork network) {
    this.command = List.copyOf(command);
    this.network = network;
  }

  /** {@code argv} as it is, for a process that does not ask for the sandbox. */
  public static SandboxLaunch unwrapped(List<String> argv) {
    return new SandboxLaunch(argv, null);
  }

  /** The command line to start: {@code bwrap} and its options first, when sandboxed. */
  public List<String> command() {
    return command;
  }

  /**
   * Starts {@code builder}, which runs {@link #command()}, and closes the relay once the process
   * has exited; when it does not start, the relay is closed before the failure is rethrown.
   */
  public Process start(ProcessBuilder builder) throws IOException {
    Process process;
    try {
      process = builder.start();
    } catch (IOException | RuntimeException e) {
      close();
      throw e;
    }
    releaseAfter(process);
    return process;
  }

  /** Closes the relay once {@code process} has exited. */
  public void releaseAfter(Process process) {
    if (network != null) {
      process.onExit().whenComplete((exited, error) -> network.close());
    }
  }

  @Override
  public void close() {
    if (network != null) {
      network.close();
    }
  }
}

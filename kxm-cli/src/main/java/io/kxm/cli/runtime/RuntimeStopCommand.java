package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.supervisor.SupervisorConfig;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;

/**
 * {@code kxm runtime stop}: asks the supervisor to drain and exit (SIGTERM) and waits for it. Only
 * a process that proved itself on its port is signalled, never a stale pid reused by another.
 */
@Command(
    name = "stop",
    mixinStandardHelpOptions = true,
    description = "Stop the runtime supervisor: finish calls in flight, close the stores, exit.")
public final class RuntimeStopCommand implements Callable<Integer> {
  private final CliContext context;

  public RuntimeStopCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    // Read before anything is signalled, so that a refused value stops nothing.
    long waitMs = SupervisorConfig.shutdownGrace(context.env()).toMillis() + 5_000;
    RunningSupervisor running =
        RunningSupervisor.find(BackgroundRuntime.paths(context), context.env())
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.RUNTIME_NOT_RUNNING, "no runtime supervisor runs for this user"));
    long pid = running.row().pid();
    ProcessHandle process =
        ProcessHandle.of(pid)
            .orElseThrow(() ->
                new KxmException(ErrorCode.RUNTIME_NOT_RUNNING, "the supervisor just exited"));
    process.destroy();
    try {
      process.onExit().get(waitMs, TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      process.destroyForcibly();
      context
          .err()
          .println("kxm: the supervisor did not stop within " + waitMs / 1000 + " s; killed it");
    } catch (ExecutionException e) {
      // onExit never completes exceptionally; treat it as exited.
    }
    context.out().println("runtime supervisor stopped (pid " + pid + ")");
    context.out().flush();
    return 0;
  }
}

package io.kxm.cli.agent.worker;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code kxm agent worker stop NAME}: ends a worker as SIGTERM does, so it cancels its turns (their
 * requests stay open for its next start), ends its presence and removes its entry. A pid is
 * signalled only while it still runs as the process that wrote the entry.
 */
@Command(
    name = "stop",
    mixinStandardHelpOptions = true,
    description = "Stop a running worker; its unanswered requests stay open for its next start.")
public final class WorkerStopCommand implements Callable<Integer> {
  private static final Duration EXIT_WAIT = Duration.ofSeconds(30);

  private final CliContext context;

  @Parameters(index = "0", paramLabel = "NAME", description = "The worker's name.")
  String name;

  public WorkerStopCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    WorkerRegistry registry = WorkerRegistry.of(context.statePaths());
    WorkerRecord worker =
        registry
            .read(name)
            .orElseThrow(
                () -> new KxmException(ErrorCode.WORKER_NOT_FOUND, "no worker named " + name));
    Optional<ProcessHandle> process =
        worker.alive() ? ProcessHandle.of(worker.pid()) : Optional.empty();
    if (process.isEmpty()) {
      registry.remove(worker.name(), worker.pid());
      context.out().println("worker " + name + " was not running; its entry is removed");
      context.out().flush();
      return 0;
    }
    process.get().destroy();
    try {
      process.get().onExit().get(EXIT_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw new KxmException(
          ErrorCode.WORKER_ALREADY_RUNNING,
          "worker " + name + " (pid " + worker.pid() + ") did not exit within " + EXIT_WAIT,
          "Look at its console for what it waits on; 'kill -9 " + worker.pid() + "' ends it.");
    } catch (ExecutionException e) {
      // onExit never fails; the process is gone either way
    }
    registry.remove(worker.name(), worker.pid());
    context.out().println("stopped worker " + name + " (pid " + worker.pid() + ")");
    context.out().flush();
    return 0;
  }
}

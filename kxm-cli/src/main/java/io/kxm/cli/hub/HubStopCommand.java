package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubConfig;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine.Command;

/** {@code kxm hub stop}: asks the running hub to drain and exit (SIGTERM), and waits for it. */
@Command(
    name = "stop",
    mixinStandardHelpOptions = true,
    description = "Stop the hub of this project: finish in-flight requests, close the store, exit.")
public final class HubStopCommand implements Callable<Integer> {
  private final CliContext context;

  public HubStopCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    // Read before anything is signalled, so that a refused value stops nothing.
    Duration wait = HubConfig.shutdownGrace(context.env()).plusSeconds(5);
    var claimFile = context.projectPaths().hubPidFile();
    HubProcessFile claim =
        HubProcessFile.read(claimFile)
            .filter(HubProcessFile::processAlive)
            .orElseThrow(() ->
                new KxmException(
                    ErrorCode.HUB_NOT_RUNNING,
                    "no hub is running for the project in " + context.workingDir()));
    ProcessHandle process = ProcessHandle.of(claim.pid()).orElseThrow();
    process.destroy();
    try {
      process.onExit().get(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      process.destroyForcibly();
      context
          .err()
          .println("kxm: the hub did not stop within " + wait.toSeconds() + " s; killed it");
    } catch (ExecutionException e) {
      // onExit never completes exceptionally; treat it as exited.
    }
    HubProcessFile.removeIfOwnedBy(claimFile, claim.pid());
    context.out().println("hub stopped (pid " + claim.pid() + ")");
    return 0;
  }
}

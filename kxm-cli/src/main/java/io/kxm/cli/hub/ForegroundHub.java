package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.cli.hub.runtime.RuntimeBridge;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/** Runs the hub in this process until SIGTERM or Ctrl-C, holding the project's claim file. */
final class ForegroundHub {
  private ForegroundHub() {}

  static int run(CliContext context, String host, Integer port, boolean announce)
      throws InterruptedException {
    HubConfig config = HubConfig.fromEnvironment(context.env(), context.workingDir());
    if (host != null) {
      config = config.withHost(host);
    }
    if (port != null) {
      config = config.withPort(port);
    }
    // The console's runtime pages reach the user's supervisor through this hub.
    HubServer hub =
        HubAssembly.start(config, context.env(), List.of(new RuntimeBridge(context.env())));
    hub.installSignalHandlers();
    long pid = ProcessHandle.current().pid();
    Path claimFile = context.projectPaths().hubPidFile();
    new HubProcessFile(pid, config.host(), hub.port(), hub.baseUrl(), Instant.now())
        .write(claimFile);
    try {
      if (announce) {
        Banner.print(context, hub);
      } else {
        context.out().println("hub listening at " + hub.baseUrl() + " (pid " + pid + ")");
      }
      return hub.awaitStop() ? 0 : 1;
    } finally {
      HubProcessFile.removeIfOwnedBy(claimFile, pid);
    }
  }
}

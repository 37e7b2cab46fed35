package io.kxm.cli.support;

import io.kxm.cli.hub.HubProcessFile;
import io.kxm.core.paths.ProjectPaths;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import io.kxm.hub.mcp.McpFeature;
import io.kxm.mcp.McpServerOptions;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Stands in for {@code kxm hub start --foreground --port P} where the hub's messaging is not wired
 * yet: the same settings, claim file and signal handling, with /mcp bound to {@link InMemoryPeers}.
 * Lets {@code .ci/mcp-conformance} check the mount on its own:
 *
 * <pre>
 * KXM_CONFORMANCE_CLASSPATH=kxm-cli/target/kxm.jar:kxm-cli/target/test-classes \
 * KXM_CONFORMANCE_MAIN=io.kxm.cli.support.ConformanceHubMain .ci/mcp-conformance
 * </pre>
 */
public final class ConformanceHubMain {
  private ConformanceHubMain() {}

  public static void main(String[] args) throws InterruptedException {
    Map<String, String> env = System.getenv();
    Path folder = Path.of("").toAbsolutePath();
    HubConfig config = HubConfig.fromEnvironment(env, folder).withPort(port(Arrays.asList(args)));
    McpFeature mcp =
        new McpFeature(
            (project, agent, purpose) -> new InMemoryPeers(agent),
            McpServerOptions.defaults("conformance"));
    HubServer hub = HubServer.builder(config).feature(mcp).closeAfterStop(mcp).start();
    hub.installSignalHandlers();
    long pid = ProcessHandle.current().pid();
    Path claim = ProjectPaths.fromEnvironment(folder, env).hubPidFile();
    new HubProcessFile(pid, config.host(), hub.port(), hub.baseUrl(), Instant.now()).write(claim);
    System.out.println("test hub listening at " + hub.baseUrl() + " (pid " + pid + ")");
    try {
      System.exit(hub.awaitStop() ? 0 : 1);
    } finally {
      HubProcessFile.removeIfOwnedBy(claim, pid);
    }
  }

  private static int port(List<String> args) {
    int at = args.indexOf("--port");
    return at >= 0 && at + 1 < args.size() ? Integer.parseInt(args.get(at + 1)) : 0;
  }
}

package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.supervisor.NetworkSettings;
import io.kxm.supervisor.ServerWorkspace;
import io.kxm.supervisor.Supervisor;
import io.kxm.supervisor.SupervisorConfig;
import io.kxm.supervisor.SupervisorToken;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code kxm runtime serve}: the runtime supervisor as a server for a team, over one workspace, in
 * the foreground. Everything is checked before anything listens.
 */
@Command(
    name = "serve",
    mixinStandardHelpOptions = true,
    description = {
      "Run the runtime supervisor in this terminal as a server for one workspace: it hosts only",
      "projects and session workspaces inside --workspace, and serves the same HTTP API and event",
      "streams as 'kxm runtime start' (docs/runtime-server.md).",
      "Its state (registry, token, session and run stores, logs) lives in",
      "<workspace>/.kxm-server/, not in the user state root, so it runs beside this user's",
      "supervisor. Clients call its HTTP API; the kxm session and runs commands still talk to",
      "this user's supervisor.",
      "On start it marks runs a previous instance left running as interrupted. SIGTERM or",
      "Ctrl-C drains: new runs get 503 server_draining while active ones get",
      "KXM_SHUTDOWN_GRACE_MS (default 10000) to finish.",
      "Sessions idle for KXM_SESSION_IDLE_TTL_MS (default 1800000, 30 minutes) are dropped from",
      "memory and loaded from the store again on their next run or stream.",
      "Calls need the bearer token: KXM_RUNTIME_TOKEN or --token-file when given, else the token",
      "created on first start in <workspace>/.kxm-server/runtime/supervisor.token. A bind",
      "address other machines can reach is refused unless KXM_RUNTIME_TOKEN or --token-file",
      "gives the token."
    })
public final class RuntimeServeCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(
      names = "--workspace",
      required = true,
      paramLabel = "DIR",
      description = "The workspace folder this server hosts; it must exist and not be a link.")
  String workspace;

  @Option(
      names = "--bind",
      paramLabel = "HOST[:PORT]",
      description =
          "Listen on this IP address (or localhost) and port instead of 127.0.0.1 and an"
              + " ephemeral port; IPv6 with a port as [::1]:8420. Wins over KXM_RUNTIME_BIND.")
  String bind;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description =
          "Read the bearer token from FILE (at least 32 visible ASCII characters); wins over"
              + " KXM_RUNTIME_TOKEN.")
  Path tokenFile;

  @Option(names = "--json", description = "Print where it listens as one JSON object.")
  boolean json;

  public RuntimeServeCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws InterruptedException {
    ServerWorkspace served = ServerWorkspace.of(folder());
    String fileToken =
        tokenFile == null
            ? null
            : SupervisorToken.fromFile(context.workingDir().resolve(tokenFile));
    NetworkSettings network = NetworkSettings.forServer(context.env(), bind, fileToken);
    Supervisor supervisor =
        Supervisor.start(SupervisorConfig.forWorkspace(context.env(), served, network));
    supervisor.stopOnShutdown();
    String source =
        fileToken != null
            ? "--token-file"
            : network.tokenOverride() != null ? "KXM_RUNTIME_TOKEN" : "file";
    if (json) {
      ObjectNode out =
          Json.object()
              .put("url", supervisor.url())
              .put("pid", ProcessHandle.current().pid())
              .put("workspace", served.root().toString())
              .put("stateDir", served.stateRoot().toString())
              .put("tokenSource", source);
      out.put("tokenFile", source.equals("file") ? supervisor.tokenFile().toString() : null);
      context.out().println(Json.write(out));
    } else {
      context
          .out()
          .println(
              "runtime server for "
                  + served.root()
                  + " at "
                  + supervisor.url()
                  + " (pid "
                  + ProcessHandle.current().pid()
                  + ")");
      context.out().println("state in " + served.stateRoot() + "; stop it with Ctrl-C or SIGTERM");
    }
    context.out().flush();
    supervisor.awaitStop();
    return 0;
  }

  private Path folder() {
    try {
      return context.workingDir().resolve(workspace);
    } catch (InvalidPathException e) {
      throw new KxmException(
          ErrorCode.RUNTIME_WORKSPACE_INVALID, "--workspace is not a path: " + e.getReason());
    }
  }
}

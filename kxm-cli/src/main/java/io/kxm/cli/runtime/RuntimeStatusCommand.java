package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxStatus;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.supervisor.SupervisorRow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm runtime status}: whether the supervisor runs and proves itself on its port, and
 * whether the sandbox for gates and harness turns can run here, and whether a sandboxed harness can
 * be let through to its model provider.
 */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Show whether the runtime supervisor runs and answers with the right proof, whether the",
      "sandbox is available, and which model provider settings harnesses get and from where.",
      "Exit code 0 when it does, 1 when it is stopped or something else holds its port."
    })
public final class RuntimeStatusCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the status as one JSON object.")
  boolean json;

  public RuntimeStatusCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    SupervisorPaths paths = BackgroundRuntime.paths(context);
    Optional<RunningSupervisor> running = RunningSupervisor.find(paths, context.env());
    Optional<SupervisorRow> row =
        running.map(RunningSupervisor::row).or(() -> RunningSupervisor.row(paths));
    String state =
        running.isPresent()
            ? "running"
            : row.filter(r -> r.state().equals("running") && r.processAlive()).isPresent()
                ? "not_answering"
                : "stopped";
    // The CLI runs as the same user with the same environment the supervisor is started from, so
    // the sandbox it finds is the one gates and turns get.
    SandboxStatus sandbox = Sandbox.of(context.env()).status();
    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("status", state);
      out.put("running", running.isPresent());
      running.ifPresent(r -> {
        out.put("url", r.url());
        out.put("pid", r.row().pid());
        out.put("runtimeId", r.row().runtimeId());
        out.put("startedAt", r.row().startedAt().toString());
        out.put("heartbeatAt", r.row().heartbeatAt().toString());
      });
      out.put("tokenFile", paths.tokenFile().toString());
      running.ifPresent(r -> out.put("tokenSource", r.credential().explicit() ? "env" : "file"));
      out.put("registry", paths.registry().toString());
      out.put("log", paths.logFile().toString());
      Map<String, Object> box = new LinkedHashMap<>();
      box.put("available", sandbox.available());
      box.put("tool", sandbox.tool());
      box.put("path", sandbox.path());
      box.put("detail", sandbox.detail());
      Map<String, Object> network = new LinkedHashMap<>();
      network.put("available", sandbox.network().available());
      network.put("tool", sandbox.network().tool());
      network.put("path", sandbox.network().path());
      network.put("detail", sandbox.network().detail());
      box.put("network", network);
      out.put("sandbox", box);
      running.flatMap(RuntimeStatusCommand::providers).ifPresent(p -> out.put("providers", p));
      context.out().println(Json.write(out));
    } else if (running.isPresent()) {
      RunningSupervisor r = running.get();
      context.out().println("runtime supervisor: running");
      context.out().println("  url:      " + r.url());
      context.out().println("  pid:      " + r.row().pid());
      context.out().println("  since:    " + r.row().startedAt());
      context
          .out()
          .println(
              "  token:    "
                  + (r.credential().explicit() ? "KXM_RUNTIME_TOKEN" : paths.tokenFile()));
      context.out().println("  log:      " + paths.logFile());
      context.out().println("  sandbox:  " + sandboxLine(sandbox));
      context.out().println("  provider network: " + networkLine(sandbox));
      providers(r).ifPresent(this::printProviders);
    } else {
      context.out().println("runtime supervisor: " + state.replace('_', ' '));
      context.out().println("  start it with: kxm runtime start");
      context.out().println("  sandbox:  " + sandboxLine(sandbox));
      context.out().println("  provider network: " + networkLine(sandbox));
    }
    context.out().flush();
    return running.isPresent() ? 0 : 1;
  }

  /** The provider settings the running supervisor gives harnesses; empty when it cannot say. */
  private static Optional<JsonNode> providers(RunningSupervisor supervisor) {
    try {
      return Optional.of(new SupervisorClient(supervisor).get("/v1/providers"));
    } catch (KxmException e) {
      return Optional.empty();
    }
  }

  private void printProviders(JsonNode providers) {
    String file = providers.path("file").asString(null);
    context
        .out()
        .println(
            "  providers: the start command's environment"
                + (file == null ? "" : ", then " + file)
                + ", then defaults");
    for (JsonNode setting : providers.path("settings")) {
      String value = setting.path("value").asString(null);
      context
          .out()
          .printf(
              "    %-20s %-8s %s%n",
              setting.path("variable").asString(),
              setting.path("source").asString(),
              value == null ? "-" : value);
    }
  }

  private static String networkLine(SandboxStatus sandbox) {
    SandboxStatus.Network network = sandbox.network();
    return network.available()
        ? "available (" + network.detail() + ")"
        : "unavailable: " + network.detail();
  }

  private static String sandboxLine(SandboxStatus sandbox) {
    return sandbox.available()
        ? "available (" + sandbox.detail() + ")"
        : "unavailable: " + sandbox.detail();
  }
}

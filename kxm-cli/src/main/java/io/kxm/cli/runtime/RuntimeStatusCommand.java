package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.supervisor.SupervisorRow;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm runtime status}: whether the supervisor runs and proves itself on its port. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Show whether the runtime supervisor runs and answers with the right proof.",
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
    } else {
      context.out().println("runtime supervisor: " + state.replace('_', ' '));
      context.out().println("  start it with: kxm runtime start");
    }
    context.out().flush();
    return running.isPresent() ? 0 : 1;
  }
}

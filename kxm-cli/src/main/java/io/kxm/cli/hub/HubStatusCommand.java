package io.kxm.cli.hub;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import io.kxm.store.Dialect;
import io.kxm.store.StoreConfig;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm hub status}: is a hub running for this project, and does it answer. */
@Command(
    name = "status",
    mixinStandardHelpOptions = true,
    description = {
      "Show whether the hub of this project is running and answering.",
      "Exit code 0 when it answers, 1 when it is stopped or does not answer."
    })
public final class HubStatusCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--json", description = "Print the status as one JSON object.")
  boolean json;

  public HubStatusCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Optional<HubProcessFile> claim =
        HubProcessFile.read(context.projectPaths().hubPidFile())
            .filter(HubProcessFile::processAlive);
    boolean healthy = claim.map(c -> HubProbe.healthy(c.url())).orElse(false);
    String state = claim.isEmpty() ? "stopped" : healthy ? "running" : "not_answering";

    if (json) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("status", state);
      out.put("running", claim.isPresent());
      out.put("healthy", healthy);
      claim.ifPresent(c -> {
        out.put("url", c.url());
        out.put("pid", c.pid());
        out.put("startedAt", c.startedAt().toString());
      });
      StoreConfig store = StoreConfig.fromEnvironment(context.workingDir(), context.env());
      out.put("store", store.dialect() == Dialect.POSTGRES ? "postgres" : "sqlite");
      if (store.dialect() == Dialect.POSTGRES) {
        // Where, without the password: URL (password parameters hidden), role and schema.
        Map<String, Object> where = new LinkedHashMap<>();
        where.put("url", store.postgres().redactedUrl());
        where.put("user", store.postgres().user());
        where.put("schema", store.postgres().schemaOrPublic());
        out.put("postgres", where);
      } else {
        out.put("dataPath", store.sqlitePath().toString());
      }
      context.out().println(Json.write(out));
    } else if (claim.isEmpty()) {
      context.out().println("hub: stopped (start it with: kxm hub start)");
    } else {
      HubProcessFile c = claim.get();
      context.out().println("hub: " + state.replace('_', ' '));
      context.out().println("  url:     " + c.url());
      context.out().println("  pid:     " + c.pid());
      context.out().println("  since:   " + c.startedAt());
      context
          .out()
          .println(
              "  store:   "
                  + StoreConfig.fromEnvironment(context.workingDir(), context.env()).describe());
    }
    return healthy ? 0 : 1;
  }
}

package io.kxm.cli.knowledge;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.knowledge.Bundle;
import io.kxm.knowledge.Bundles;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.KnowledgeStores;
import io.kxm.runtime.store.RuntimeDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** {@code kxm knowledge export}: a database's distillations as one bundle file. */
@Command(
    name = "export",
    mixinStandardHelpOptions = true,
    description = {
      "Export the distilled knowledge of a knowledge database as a JSON bundle, to seed",
      "another run with 'kxm evolve --seed-bundle FILE'. Without --out the bundle goes to stdout."
    })
public final class KnowledgeExportCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--db", required = true, paramLabel = "FILE", description = "Knowledge database")
  Path db;

  @Option(
      names = "--task",
      paramLabel = "TASK",
      description = "Only this task's bundles and those for every task")
  String task;

  @Option(names = "--out", paramLabel = "FILE", description = "Write the bundle here (0600)")
  Path out;

  @Option(names = "--json", description = "With --out, print a summary as JSON")
  boolean json;

  public KnowledgeExportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() {
    Path file = context.workingDir().resolve(db);
    RuntimeDatabase where = RuntimeDatabase.fromEnvironment(context.env());
    if (!KnowledgeStores.exists(where, file)) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "there is no knowledge database at " + file + "; pass the file a run wrote with --db");
    }
    Bundle bundle;
    try (KnowledgeStore database = KnowledgeStores.open(where, file, Clock.systemUTC())) {
      bundle = Bundles.export(database, task);
    }
    if (out == null) {
      context.out().print(Bundles.toJson(bundle));
      context.out().flush();
      return 0;
    }
    Path target = context.workingDir().resolve(out);
    Bundles.write(bundle, target);
    if (json) {
      ObjectNode summary =
          Json.object()
              .put("file", target.toString())
              .put("entries", bundle.entries().size())
              .put("sourceDatabaseId", bundle.sourceDatabaseId());
      ArrayNode tasks = summary.putArray("tasks");
      bundle.tasks().forEach(tasks::add);
      context.out().println(Json.write(summary));
    } else {
      context
          .out()
          .println(
              "wrote "
                  + bundle.entries().size()
                  + " distillation(s) for "
                  + bundle.tasks().size()
                  + " task(s) to "
                  + target);
    }
    return 0;
  }
}

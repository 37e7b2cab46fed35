package io.kxm.cli.evolve;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.KnowledgeStores;
import io.kxm.knowledge.evolve.EvolutionLog;
import io.kxm.knowledge.evolve.EvolutionStore;
import io.kxm.knowledge.evolve.GenerationSummary;
import io.kxm.knowledge.evolve.ScorePlot;
import io.kxm.runtime.store.RuntimeDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code kxm evolve report}: per-generation scores of a run, optionally drawn as an SVG. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
    description = {
      "Print each generation's scores: tasks, attempts, mean and best score, tasks solved.",
      "--plot draws the score curve into an SVG file."
    })
public final class EvolveReportCommand implements Callable<Integer> {
  private final CliContext context;

  @Option(names = "--db", paramLabel = "FILE", description = EvolveDb.DESCRIPTION)
  Path db;

  @Option(names = "--json", description = "Print the report as JSON on stdout.")
  boolean json;

  @Option(names = "--plot", paramLabel = "FILE.svg", description = "Write the score curve as SVG.")
  Path plot;

  public EvolveReportCommand(CliContext context) {
    this.context = context;
  }

  @Override
  public Integer call() throws IOException {
    Path file = EvolveDb.path(context, db);
    RuntimeDatabase where = RuntimeDatabase.fromEnvironment(context.env());
    if (!KnowledgeStores.exists(where, file)) {
      throw new KxmException(ErrorCode.EVOLVE_RUN_NOT_FOUND, "no evolution database at " + file);
    }
    try (KnowledgeStore kdb = KnowledgeStores.open(where, file, Clock.systemUTC())) {
      EvolutionLog store = new EvolutionStore(kdb);
      if (!store.hasRun()) {
        throw new KxmException(
            ErrorCode.EVOLVE_RUN_NOT_FOUND,
            "the database " + kdb.location() + " holds no evolution run");
      }
      List<GenerationSummary> generations = store.summaries();
      int tasks = generations.isEmpty() ? 0 : generations.getFirst().tasks();
      if (plot != null) {
        Path svg = context.workingDir().resolve(plot).normalize();
        Files.writeString(svg, ScorePlot.svg(generations, tasks));
        context.err().println("score curve written to " + svg);
        context.err().flush();
      }
      EvolveOutput.print(context.out(), kdb.location(), generations, tasks, Map.of(), json);
    }
    return 0;
  }
}

package io.kxm.cli.evolve;

import io.kxm.core.json.Json;
import io.kxm.knowledge.evolve.GenerationSummary;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints per-generation scores: a table for people, one JSON object for machines. */
final class EvolveOutput {
  private EvolveOutput() {}

  static void print(
      PrintWriter out,
      String db,
      List<GenerationSummary> generations,
      int tasks,
      Map<String, Object> extra,
      boolean json) {
    int solved = generations.isEmpty() ? 0 : generations.getLast().solvedSoFar();
    if (json) {
      Map<String, Object> body = new LinkedHashMap<>();
      body.put("db", db);
      body.put("tasks", tasks);
      body.put("solved", solved);
      body.putAll(extra);
      body.put("generations", generations);
      out.println(Json.write(body));
    } else {
      out.println("evolution in " + db + ": " + solved + " of " + tasks + " tasks solved");
      out.println("generation  phase     tasks  attempts  mean   best   solved  so far");
      for (GenerationSummary g : generations) {
        out.println(
            String.format(
                Locale.ROOT,
                "%10d  %-8s  %5d  %8d  %.2f   %.2f   %6d  %6d",
                g.generation(),
                g.phase(),
                g.tasks(),
                g.attempts(),
                g.meanScore(),
                g.bestScore(),
                g.solvedTasks(),
                g.solvedSoFar()));
      }
    }
    out.flush();
  }
}

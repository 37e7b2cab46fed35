package io.kxm.cli.agent.worker;

import io.kxm.cli.CliContext;
import io.kxm.core.json.Json;
import java.io.PrintWriter;
import java.util.List;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** What {@code kxm agent worker --list} prints: one line per worker, or JSON. */
final class WorkerList {
  private WorkerList() {}

  static void print(CliContext context, List<WorkerRecord> workers, boolean json) {
    PrintWriter out = context.out();
    if (json) {
      ObjectNode root = Json.object();
      ArrayNode array = root.putArray("workers");
      for (WorkerRecord worker : workers) {
        ObjectNode node = Json.MAPPER.valueToTree(worker);
        node.put("running", worker.alive());
        array.add(node);
      }
      out.println(Json.write(root));
      out.flush();
      return;
    }
    if (workers.isEmpty()) {
      out.println("no workers; start one with 'kxm agent worker --name N --harness H'");
      out.flush();
      return;
    }
    out.printf(
        "%-24s %-8s %-8s %-28s %8s %9s %6s%n",
        "NAME", "STATE", "PID", "ROUTE", "ANSWERED", "IN-FLIGHT", "FAILED");
    for (WorkerRecord w : workers) {
      out.printf(
          "%-24s %-8s %-8d %-28s %8d %9d %6d%n",
          w.name(),
          w.alive() ? "running" : "gone",
          w.pid(),
          w.model() == null ? w.harness() : w.harness() + " + " + w.model(),
          w.answered(),
          w.inFlight().size(),
          w.failures().size());
      w.waiting()
          .forEach((request, question) ->
              out.printf(
                  "  %s waits since %s for an answer to %s %s: %s%n",
                  request,
                  question.since(),
                  question.kind(),
                  question.interactionId(),
                  question.answerCommand()));
    }
    out.flush();
  }
}

package io.kxm.cli.dash;

import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * One reading of everything the dash shows: the hub's operations snapshot (metadata only) and this
 * machine's supervisor. A source that could not be read leaves its rows empty and says why in
 * {@code problems}, as {@code code: message}, so one outage hides nothing else.
 *
 * @param hub where the hub was read from, or null when no credential was given
 * @param supervisor the supervisor's URL, or null when none runs
 * @param waiting pending interactions of the supervisor's runs, each {@code {"runId",
 *     "interactionId", "kind", "asked", "stepId"}}
 * @param spend per run: tokens and cost where the run reports them
 * @param reservations the live reservations of repository paths, as the hub lists them
 */
record DashSnapshot(
    String hub,
    String supervisor,
    long seq,
    List<JsonNode> agents,
    List<JsonNode> requests,
    List<JsonNode> workflowRuns,
    List<JsonNode> runs,
    List<JsonNode> waiting,
    List<JsonNode> spend,
    List<JsonNode> reservations,
    List<String> problems) {
  DashSnapshot {
    agents = List.copyOf(agents);
    requests = List.copyOf(requests);
    workflowRuns = List.copyOf(workflowRuns);
    runs = List.copyOf(runs);
    waiting = List.copyOf(waiting);
    spend = List.copyOf(spend);
    reservations = List.copyOf(reservations);
    problems = List.copyOf(problems);
  }

  static DashSnapshot empty() {
    return new DashSnapshot(
        null, null, 0, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
        List.of());
  }

  /** This reading with one more problem listed first. */
  DashSnapshot withProblem(String problem) {
    List<String> all = new java.util.ArrayList<>();
    all.add(problem);
    all.addAll(problems);
    return new DashSnapshot(
        hub,
        supervisor,
        seq,
        agents,
        requests,
        workflowRuns,
        runs,
        waiting,
        spend,
        reservations,
        all);
  }

  /** The rows of {@code panel}, as the screen and {@code --once} show them. */
  List<DashRow> rows(DashPanel panel) {
    List<JsonNode> items =
        switch (panel) {
          case AGENTS -> agents;
          case REQUESTS -> requests;
          case WORKFLOWS -> workflowRuns;
          case RUNS -> runs;
          case WAITING -> waiting;
          case SPEND -> spend;
          case RESERVATIONS -> reservations;
        };
    return items.stream().map(item -> DashRow.of(panel, item)).toList();
  }

  /** The JSON form {@code kxm dash --once --json} prints. */
  Map<String, Object> toJson() {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    out.put("hub", hub);
    out.put("supervisor", supervisor);
    out.put("seq", seq);
    out.put("agents", agents);
    out.put("requests", requests);
    out.put("workflowRuns", workflowRuns);
    out.put("runs", runs);
    out.put("waiting", waiting);
    out.put("spend", spend);
    out.put("reservations", reservations);
    out.put("problems", problems);
    return out;
  }
}

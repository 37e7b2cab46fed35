package io.kxm.knowledge.evolve;

import io.kxm.knowledge.DistillationProducer;
import io.kxm.knowledge.DistillationRequest;
import io.kxm.knowledge.EntryType;
import io.kxm.knowledge.KnowledgeEntry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A deterministic stand-in for a model that distils: it lists the rules the material names (in
 * {@code rule: NAME} lines of attempts and posts), those that solved a task first, with the task
 * they were seen on. That is enough for a simulated agent to pick up a rule it did not know.
 */
public final class SimulatedDistillation implements DistillationProducer {
  private static final Pattern RULE = Pattern.compile("rule: ([a-z0-9_]+)");

  @Override
  public String distill(DistillationRequest request) {
    Map<String, String> solved = new LinkedHashMap<>();
    Map<String, String> tried = new LinkedHashMap<>();
    for (KnowledgeEntry e : request.material()) {
      Matcher m = RULE.matcher(e.content());
      while (m.find()) {
        boolean solvedIt =
            e.type() == EntryType.ATTEMPT
                ? e.score() != null && e.score() == 1.0
                : e.content().contains(m.group(0) + " scored 1.0");
        (solvedIt ? solved : tried).putIfAbsent(m.group(1), e.taskId());
      }
    }
    tried.keySet().removeAll(solved.keySet());
    return "Generation "
        + request.generation()
        + " for "
        + request.targetTaskId()
        + ". Rules that solved a task: "
        + list(solved)
        + ". Rules tried without success: "
        + list(tried)
        + ". Check each against the training pairs before answering.";
  }

  @Override
  public String name() {
    return "simulated-distiller";
  }

  private static String list(Map<String, String> rules) {
    return rules.isEmpty()
        ? "none"
        : rules.entrySet().stream()
            .map(r -> r.getKey() + " (" + r.getValue() + ")")
            .collect(Collectors.joining(", "));
  }
}

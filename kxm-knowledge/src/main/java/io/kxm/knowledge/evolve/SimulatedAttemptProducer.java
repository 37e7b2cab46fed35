package io.kxm.knowledge.evolve;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A deterministic stand-in for a model, so the loop can be tested and demonstrated without one.
 * Agent {@code agent-N} knows one {@link GridRule} by itself; it also tries every rule its seed
 * names (in prior attempts, bundles or the memory brief), keeps the first that turns every training
 * input into its output, and answers the test inputs with it. Without a fitting rule it answers
 * with its own rule anyway, as a guess. So a task its agent cannot solve alone is solved in a later
 * generation once a bundle in its seed names the right rule. Answers start with {@code rule: NAME},
 * which is what forums and distilled bundles pass on.
 */
public final class SimulatedAttemptProducer implements AttemptProducer {
  private static final Pattern AGENT_NUMBER = Pattern.compile("(\\d+)$");
  private static final Pattern RULE_NAME =
      Pattern.compile(
          "\\b("
              + java.util.Arrays.stream(GridRule.values())
                  .map(GridRule::wireName)
                  .collect(Collectors.joining("|"))
              + ")\\b");

  @Override
  public AttemptOutcome attempt(SeedPackage seed, String prompt) {
    GridRule own = GridRule.ownedBy(agentNumber(seed.key().agent()));
    Set<GridRule> candidates = new LinkedHashSet<>();
    candidates.add(own);
    candidates.addAll(namedIn(seed));
    List<GridPair> train = seed.task().train();
    GridRule chosen = candidates.stream().filter(r -> r.fits(train)).findFirst().orElse(own);
    String detail =
        chosen.fits(train)
            ? (chosen == own ? "own rule " : "learned rule ") + chosen.wireName() + " fits"
            : "no known rule fits the training pairs; guessed " + own.wireName();
    return new AttemptOutcome(AttemptOutcome.SUCCESS, answer(seed.task(), chosen), detail);
  }

  /** The rules the seed names, in the order they first appear. */
  static List<GridRule> namedIn(SeedPackage seed) {
    List<String> texts = new ArrayList<>();
    seed.priorAttempts().forEach(a -> texts.add(a.answer() == null ? "" : a.answer()));
    seed.bundles().forEach(b -> texts.add(b.content()));
    if (seed.memoryBrief() != null) {
      texts.add(seed.memoryBrief());
    }
    List<GridRule> named = new ArrayList<>();
    for (String text : texts) {
      Matcher m = RULE_NAME.matcher(text);
      while (m.find()) {
        GridRule.named(m.group(1)).filter(r -> !named.contains(r)).ifPresent(named::add);
      }
    }
    return named;
  }

  private static String answer(EvolveTask task, GridRule rule) {
    StringBuilder s = new StringBuilder("rule: ").append(rule.wireName()).append('\n');
    for (GridPair test : task.test()) {
      s.append('\n').append(rule.apply(test.input()).text()).append('\n');
    }
    return s.toString();
  }

  private static int agentNumber(String agent) {
    Matcher m = AGENT_NUMBER.matcher(agent);
    return m.find() ? Integer.parseInt(m.group(1)) : 1;
  }
}

package io.kxm.knowledge.evolve;

import java.util.List;

/** Renders a seed as the prompt an agent in a harness gets. */
public final class SeedPrompt {
  private SeedPrompt() {}

  public static String render(SeedPackage seed) {
    EvolveTask task = seed.task();
    StringBuilder s = new StringBuilder();
    s.append("Task ")
        .append(task.id())
        .append(" (ARC format). Each training pair shows an input")
        .append(" grid and the output one rule makes of it; colours are digits 0-9.\n")
        .append("Find the rule, apply it to every test input, and answer with one output grid per")
        .append(" test input, in order: one line of digits per row, a blank line between grids.\n");
    List<GridPair> train = task.train();
    for (int i = 0; i < train.size(); i++) {
      s.append("\nTraining pair ").append(i + 1).append(" input:\n");
      s.append(train.get(i).input().text()).append("\noutput:\n");
      s.append(train.get(i).output().text()).append('\n');
    }
    for (int i = 0; i < task.test().size(); i++) {
      s.append("\nTest input ").append(i + 1).append(":\n");
      s.append(task.test().get(i).input().text()).append('\n');
    }
    if (!seed.bundles().isEmpty()) {
      s.append("\nDistilled knowledge from earlier generations:\n");
      seed.bundles().forEach(b -> s.append("- ").append(b.content().strip()).append('\n'));
    }
    if (!seed.priorAttempts().isEmpty()) {
      s.append("\nEarlier attempts at this task:\n");
      for (SeedPackage.PriorAttempt a : seed.priorAttempts()) {
        s.append("- generation ")
            .append(a.generation())
            .append(", ")
            .append(a.agent())
            .append(", ")
            .append(a.status());
        if (a.score() != null) {
          s.append(", score ").append(a.score());
        }
        s.append(a.solved() ? " (solved)" : "").append(":\n");
        if (a.answer() != null) {
          s.append(a.answer().strip().indent(2));
        }
      }
    }
    if (seed.memoryBrief() != null) {
      s.append("\nMemory brief:\n").append(seed.memoryBrief().strip()).append('\n');
    }
    return s.toString();
  }
}

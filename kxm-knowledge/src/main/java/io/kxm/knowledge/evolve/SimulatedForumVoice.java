package io.kxm.knowledge.evolve;

import java.util.stream.Collectors;

/**
 * A simulated agent's forum post: one line per attempt it made this generation, naming the task,
 * the rule its answer started with, and how it scored. Says it once per generation and room, since
 * later rounds give it nothing new to add.
 */
public final class SimulatedForumVoice implements ForumVoice {

  @Override
  public String speak(ForumContext context) {
    boolean spoke =
        context.threads().stream()
            .anyMatch(t ->
                t.post().author().equals(context.agent())
                    && t.post().generation() == context.generation());
    if (spoke || context.ownAttempts().isEmpty()) {
      return null;
    }
    return context.ownAttempts().stream()
        .map(a ->
            a.key().taskId()
                + ": "
                + firstLine(a.answer())
                + (a.score() == null ? " was not scored" : " scored " + a.score())
                + (a.solved() ? " and solved it" : ""))
        .collect(Collectors.joining("\n", context.agent() + " reports:\n", ""));
  }

  private static String firstLine(String answer) {
    return answer == null ? "(no answer)" : answer.lines().findFirst().orElse("(empty answer)");
  }
}

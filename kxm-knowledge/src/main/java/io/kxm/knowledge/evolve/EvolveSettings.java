package io.kxm.knowledge.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.nio.file.Path;

/**
 * How an evolution runs; the CLI's switches.
 *
 * @param generations how many generations to run in all (a resumed run continues to this number)
 * @param population how many agents attempt tasks, named {@code agent-1} … {@code agent-N}
 * @param attemptsPerTask how many agents attempt each task in a generation
 * @param perTaskForumRounds forum rounds in each task's room after a generation; 0 skips them
 * @param crossTaskForumRounds forum rounds in the room shared by all tasks; 0 skips them
 * @param distill whether to distil bundles after each generation
 * @param memory false for {@code --no-memory}: seeds hold only the task, no forums, no distilling
 * @param forumEarlyExit whether a forum round may end once every participant signalled done
 * @param keepSolved whether solved tasks stay in later generations
 * @param seedBundle an exported bundle to inject before the first generation; null for none
 */
public record EvolveSettings(
    int generations,
    int population,
    int attemptsPerTask,
    int perTaskForumRounds,
    int crossTaskForumRounds,
    boolean distill,
    boolean memory,
    boolean forumEarlyExit,
    boolean keepSolved,
    Path seedBundle) {
  public static final int MAX_GENERATIONS = 1000;
  public static final int MAX_POPULATION = 64;
  public static final int MAX_FORUM_ROUNDS = 20;

  public EvolveSettings {
    range("generations", generations, 1, MAX_GENERATIONS);
    range("population", population, 1, MAX_POPULATION);
    range("attempts per task", attemptsPerTask, 1, population);
    range("per-task forum rounds", perTaskForumRounds, 0, MAX_FORUM_ROUNDS);
    range("cross-task forum rounds", crossTaskForumRounds, 0, MAX_FORUM_ROUNDS);
  }

  /** One generation, one agent, no forums, no distilling, memory on. */
  public static EvolveSettings defaults() {
    return new EvolveSettings(1, 1, 1, 0, 0, false, true, false, false, null);
  }

  private static void range(String name, int value, int min, int max) {
    if (value < min || value > max) {
      throw new KxmException(
          ErrorCode.VALUE_OUT_OF_RANGE,
          name + " is " + value + "; it must be from " + min + " to " + max);
    }
  }
}

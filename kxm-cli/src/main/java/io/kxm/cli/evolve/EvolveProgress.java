package io.kxm.cli.evolve;

import io.kxm.knowledge.evolve.AttemptKey;
import io.kxm.knowledge.evolve.AttemptRecord;
import io.kxm.knowledge.evolve.EvolutionListener;
import io.kxm.knowledge.evolve.GenerationPhase;
import io.kxm.knowledge.evolve.GenerationSummary;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** Prints an evolution's progress on stderr as it happens, one line per event. */
final class EvolveProgress implements EvolutionListener {
  private final PrintWriter err;

  EvolveProgress(PrintWriter err) {
    this.err = err;
  }

  @Override
  public void generationStarted(int generation, List<String> taskIds, boolean resumed) {
    print(
        "generation "
            + generation
            + (resumed ? " (resumed)" : "")
            + ": "
            + taskIds.size()
            + " tasks "
            + taskIds);
  }

  @Override
  public void attemptSkipped(AttemptKey key) {
    print("  " + key.key() + ": already finished, skipped");
  }

  @Override
  public void attemptFinished(AttemptRecord a) {
    String score =
        a.score() == null
            ? "not scored"
            : String.format(Locale.ROOT, "score %.2f%s", a.score(), a.solved() ? ", solved" : "");
    print("  " + a.key().key() + ": " + a.status() + ", " + score + " (" + a.detail() + ")");
  }

  @Override
  public void phaseStarted(int generation, GenerationPhase phase) {
    if (phase != GenerationPhase.ATTEMPTS) {
      print("  " + phase.wireName() + " phase of generation " + generation);
    }
  }

  @Override
  public void generationFinished(GenerationSummary s) {
    print(
        String.format(
            Locale.ROOT,
            "generation %d done: %d attempts, mean %.2f, best %.2f, solved %d (%d so far)",
            s.generation(),
            s.attempts(),
            s.meanScore(),
            s.bestScore(),
            s.solvedTasks(),
            s.solvedSoFar()));
  }

  @Override
  public void note(String text) {
    print("  note: " + text);
  }

  private void print(String line) {
    err.println(line);
    err.flush();
  }
}

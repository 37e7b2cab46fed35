package io.kxm.knowledge.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;

/**
 * Compares the answer's grids with the expected test outputs cell by cell. The score is the share
 * of test inputs answered exactly; the task is solved only when every one is.
 */
public final class ExactMatchEvaluator implements AttemptEvaluator {

  @Override
  public void check(EvolveTask task) {
    for (int i = 0; i < task.test().size(); i++) {
      if (task.test().get(i).output() == null) {
        throw new KxmException(
            ErrorCode.EVOLVE_TASKS_INVALID,
            "task '"
                + task.id()
                + "': test["
                + i
                + "].output is missing; exact matching needs every expected test output"
                + " (or score with a gate command)");
      }
    }
  }

  @Override
  public Evaluation evaluate(EvolveTask task, String answer) {
    List<Grid> grids = AnswerGrids.parse(answer);
    int tests = task.test().size();
    int matched = 0;
    for (int i = 0; i < tests && i < grids.size(); i++) {
      if (grids.get(i).equals(task.test().get(i).output())) {
        matched++;
      }
    }
    double score = (double) matched / tests;
    String detail =
        matched + " of " + tests + " test grids match (" + grids.size() + " grids in the answer)";
    return new Evaluation(score, matched == tests, detail);
  }
}

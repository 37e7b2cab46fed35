package io.kxm.knowledge.evolve;

import io.kxm.core.json.Json;
import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.api.GateExecutor.GateCommand;
import io.kxm.runtime.api.GateExecutor.GateOutcome;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Scores an answer by running a command, the way gate steps run theirs (no shell, process tree
 * killed on timeout): the answer goes to {@code answer.txt} and the task, test outputs included, to
 * {@code task.json} in a fresh folder that is the command's working directory; both paths are
 * appended to the command's arguments. Exit 0 solves the task (score 1); anything else scores 0.
 */
public final class GateEvaluator implements AttemptEvaluator {
  private final List<String> argv;
  private final Duration timeout;
  private final GateExecutor executor;

  public GateEvaluator(List<String> argv, Duration timeout, GateExecutor executor) {
    if (argv.isEmpty()) {
      throw new IllegalArgumentException("a gate evaluator needs a command");
    }
    this.argv = List.copyOf(argv);
    this.timeout = timeout;
    this.executor = executor;
  }

  @Override
  public Evaluation evaluate(EvolveTask task, String answer) {
    Path folder = null;
    try {
      folder = Files.createTempDirectory("kxm-evolve-gate-");
      Path answerFile = Files.writeString(folder.resolve("answer.txt"), answer);
      Path taskFile = Files.writeString(folder.resolve("task.json"), Json.write(arc(task)));
      List<String> command = new ArrayList<>(argv);
      command.add(answerFile.toString());
      command.add(taskFile.toString());
      GateOutcome outcome =
          executor.run(
              new GateCommand("evolve-" + task.id(), command, folder, timeout), () -> false);
      return switch (outcome) {
        case GateOutcome.Exited e when e.exitCode() == 0 ->
            new Evaluation(1, true, "gate command exited 0");
        case GateOutcome.Exited e ->
            new Evaluation(0, false, "gate command exited " + e.exitCode());
        case GateOutcome.TimedOut t ->
            new Evaluation(0, false, "gate command ran past " + t.timeout().toSeconds() + " s");
        case GateOutcome.StartFailed f ->
            new Evaluation(0, false, "gate command did not start: " + f.reason());
        case GateOutcome.Cancelled c -> new Evaluation(0, false, "gate command was cancelled");
      };
    } catch (IOException e) {
      throw new UncheckedIOException("cannot prepare the gate folder for task " + task.id(), e);
    } finally {
      deleteQuietly(folder);
    }
  }

  static Map<String, Object> arc(EvolveTask task) {
    return Map.of("train", pairs(task.train()), "test", pairs(task.test()));
  }

  private static List<Map<String, Object>> pairs(List<GridPair> pairs) {
    return pairs.stream()
        .map(p ->
            p.output() == null
                ? Map.<String, Object>of("input", p.input().rows())
                : Map.<String, Object>of("input", p.input().rows(), "output", p.output().rows()))
        .toList();
  }

  private static void deleteQuietly(Path folder) {
    if (folder == null) {
      return;
    }
    try (Stream<Path> all = Files.walk(folder)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      // a leftover temp folder is harmless; the evaluation result stands
    }
  }
}

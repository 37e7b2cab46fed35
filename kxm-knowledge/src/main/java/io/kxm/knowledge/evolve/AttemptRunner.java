package io.kxm.knowledge.evolve;

import io.kxm.core.error.KxmException;
import java.time.Clock;
import java.util.Map;
import java.util.Set;

/**
 * Runs a generation's attempts in their stored order, one at a time: produce, score, commit, then
 * the next. Keys the database already holds are skipped, which is how a resumed run avoids
 * repeating a finished attempt.
 */
final class AttemptRunner {
  private final EvolutionLog store;
  private final AttemptProducer producer;
  private final AttemptEvaluator evaluator;
  private final EvolutionListener listener;
  private final Clock clock;

  AttemptRunner(
      EvolutionLog store,
      AttemptProducer producer,
      AttemptEvaluator evaluator,
      EvolutionListener listener,
      Clock clock) {
    this.store = store;
    this.producer = producer;
    this.evaluator = evaluator;
    this.listener = listener;
    this.clock = clock;
  }

  void run(int g, Map<String, EvolveTask> byId) {
    Set<String> finished = store.finishedKeys(g);
    for (SeedPackage seed : store.seeds(g)) {
      AttemptKey key = seed.key();
      if (finished.contains(key.key())) {
        listener.attemptSkipped(key);
        continue;
      }
      AttemptProducer.AttemptOutcome outcome = produce(seed);
      AttemptRecord record;
      if (outcome.scored()) {
        Evaluation e = evaluator.evaluate(byId.get(key.taskId()), outcome.answer());
        record =
            new AttemptRecord(
                key,
                outcome.status(),
                outcome.answer(),
                e.score(),
                e.solved(),
                e.detail() + "; " + outcome.detail(),
                null,
                clock.instant());
      } else {
        record =
            new AttemptRecord(
                key, outcome.status(), null, null, false, outcome.detail(), null, clock.instant());
      }
      store.record(record);
      listener.attemptFinished(record);
    }
  }

  private AttemptProducer.AttemptOutcome produce(SeedPackage seed) {
    try {
      return producer.attempt(seed, SeedPrompt.render(seed));
    } catch (KxmException e) {
      // the attempt failed, not the loop: it is recorded as an error and the next one runs
      return new AttemptProducer.AttemptOutcome(
          AttemptProducer.AttemptOutcome.ERROR, null, e.code().code() + ": " + e.getMessage());
    }
  }
}

package io.kxm.runtime.project;

import io.kxm.runtime.api.AgentProducer;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;

/**
 * Answers from a script, in order, and remembers every request; answers once the script ends.
 * Proposers of a {@code moa} step call it from several threads: the i-th request recorded gets the
 * i-th answer.
 */
final class ScriptedProducer implements AgentProducer {
  final Queue<ProducerResult> script;
  final List<ProducerRequest> requests = new CopyOnWriteArrayList<>();

  ScriptedProducer(ProducerResult... results) {
    this.script = new ConcurrentLinkedQueue<>(List.of(results));
  }

  @Override
  public synchronized ProducerResult produce(ProducerRequest request, BooleanSupplier cancelled) {
    requests.add(request);
    ProducerResult next = script.poll();
    return next != null
        ? next
        : new ProducerResult.Answered(request.agentId() + " answers " + request.stepId());
  }
}

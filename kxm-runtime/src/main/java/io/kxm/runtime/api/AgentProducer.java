package io.kxm.runtime.api;

/**
 * Answers an agent step's attempt. The simulated producer answers without a model; live producers
 * start the agent's harness.
 */
public interface AgentProducer {

  /**
   * Produces the attempt's answer; never throws for an agent's own failure.
   *
   * @param cancelled polled while the producer works; when it turns true, child processes are
   *     killed and {@link ProducerResult.Cancelled} is returned
   */
  ProducerResult produce(ProducerRequest request, java.util.function.BooleanSupplier cancelled);

  /**
   * One attempt of one agent on one step.
   *
   * @param prompt the step's prompt with the run's prompt, as the agent should read it
   * @param attempt 1 for the first attempt of the step
   */
  record ProducerRequest(String runId, String stepId, String agentId, String prompt, int attempt) {}

  /** What the producer came back with. */
  sealed interface ProducerResult {

    /** An answer: the text the agent settled with. */
    record Answered(String text) implements ProducerResult {}

    /** The producer refused before doing anything (unknown route, harness not logged in). */
    record Rejected(String code, String reason) implements ProducerResult {}

    /** It ran but its outcome cannot be told (crashed, silent). */
    record Unknown(String reason) implements ProducerResult {}

    record Cancelled() implements ProducerResult {}
  }
}

package io.kxm.runtime.api;

import io.kxm.runtime.usage.Spend;
import io.kxm.runtime.usage.TokenUsage;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Answers an agent step's attempt. The simulated producer answers without a model; the live
 * producer runs the agent's harness.
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
   * Ends the harness process trees a previous, crashed process left running for this producer, so
   * that a retried attempt never runs beside its first copy. Called when a project's runs are
   * reconciled and before a recovery.
   *
   * @return how many trees were found alive and ended
   */
  default int endOrphans() throws InterruptedException {
    return 0;
  }

  /**
   * One attempt of one agent on one step.
   *
   * @param prompt the step's prompt with the run's prompt, as the agent should read it
   * @param attempt 1 for the first attempt of the step
   * @param route the agent's route as the plan pinned it; null in a plan pinned before routes were
   * @param projectRoot the project whose {@code .kxm/} admits the route and prices the spend
   * @param workspace where the agent works: the project root, or the run's worktree for a step that
   *     writes
   * @param writes whether the agent may change files in {@code workspace}; otherwise it runs
   *     read-only
   * @param timeout how long the attempt may take before it is ended as unknown
   * @param environment variables the agent's process gets besides its own: the hub's URL and the
   *     fencing tokens of the step's leases
   */
  record ProducerRequest(
      String runId,
      String stepId,
      String agentId,
      String prompt,
      int attempt,
      AgentRoute route,
      Path projectRoot,
      Path workspace,
      boolean writes,
      Duration timeout,
      java.util.Map<String, String> environment) {

    public ProducerRequest {
      environment = environment == null ? java.util.Map.of() : java.util.Map.copyOf(environment);
    }

    public ProducerRequest(
        String runId, String stepId, String agentId, String prompt, int attempt) {
      this(runId, stepId, agentId, prompt, attempt, null, null, null, false, null, null);
    }
  }

  /**
   * What one attempt used: its tokens as the harness reported them and what they cost, priced from
   * the project's {@code .kxm/prices.yaml}.
   */
  record Usage(String harness, String model, TokenUsage tokens, Spend spend) {
    public static final Usage NONE =
        new Usage(
            null, null, TokenUsage.unavailable(), Spend.unknown("the producer reported no usage"));
  }

  /** What the producer came back with. */
  sealed interface ProducerResult {

    /** What the attempt used; {@link Usage#NONE} when nothing ran. */
    Usage usage();

    /** An answer: the text the agent settled with. */
    record Answered(String text, Usage usage) implements ProducerResult {
      public Answered(String text) {
        this(text, Usage.NONE);
      }
    }

    /** The producer refused before doing anything (unknown route, harness not logged in). */
    record Rejected(String code, String reason) implements ProducerResult {
      @Override
      public Usage usage() {
        return Usage.NONE;
      }
    }

    /** It ran but its outcome cannot be told (crashed, silent, past its time). */
    record Unknown(String reason, Usage usage) implements ProducerResult {
      public Unknown(String reason) {
        this(reason, Usage.NONE);
      }
    }

    record Cancelled(Usage usage) implements ProducerResult {
      public Cancelled() {
        this(Usage.NONE);
      }
    }
  }
}

package io.kxm.knowledge.evolve;

import java.util.Objects;

/**
 * Makes one attempt at a task from its seed: a simulated agent in tests, a harness session turn in
 * real use. Must not throw for a failed attempt; it returns the failure as an outcome.
 */
public interface AttemptProducer {

  AttemptOutcome attempt(SeedPackage seed, String prompt);

  /**
   * How an attempt ended, in the runtime's status words: {@code success} and {@code recovered}
   * carry an answer that is scored; {@code error} and {@code silent_failure} are recorded unscored.
   *
   * @param detail one line for people: the failure's reason, or what the agent did
   */
  record AttemptOutcome(String status, String answer, String detail) {
    public static final String SUCCESS = "success";
    public static final String RECOVERED = "recovered";
    public static final String ERROR = "error";
    public static final String SILENT_FAILURE = "silent_failure";

    public AttemptOutcome {
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(detail, "detail");
      if ((status.equals(SUCCESS) || status.equals(RECOVERED)) && answer == null) {
        throw new IllegalArgumentException("a " + status + " attempt needs an answer");
      }
    }

    public boolean scored() {
      return status.equals(SUCCESS) || status.equals(RECOVERED);
    }
  }
}

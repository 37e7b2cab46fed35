package io.kxm.store.workflow;

/** What storing a new run did. A retried webhook delivery is an expected answer, not an error. */
public sealed interface RunCreation {
  StoredRun run();

  /** Stored as a new run. */
  record Created(StoredRun run) implements RunCreation {}

  /** The workflow already has a run for this delivery ID; {@code run} is that run, unchanged. */
  record DuplicateDelivery(StoredRun run) implements RunCreation {}
}

package io.kxm.store.workflow;

/** What appending to a run's history did. Losing a race is an expected answer, not an error. */
public sealed interface RunAppend {

  /** The records were appended; {@code run} is the run after them. */
  record Appended(StoredRun run) implements RunAppend {}

  /**
   * Another writer appended first: the version named is not the run's version. {@code current} is
   * the run as it is now; decide again on it.
   */
  record Conflict(StoredRun current) implements RunAppend {}

  /** No run has this ID (it may have been purged). */
  record NotFound(String runId) implements RunAppend {}
}

package io.kxm.store.workflow;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Webhook workflow runs and their append-only histories. Every write folds the new history first,
 * so a history that leaves the run lifecycle is never stored; appends name the version they read
 * and lose cleanly to a concurrent writer.
 */
public interface WorkflowRunStore {

  /**
   * Stores a new run with its first records. When the workflow already has a run for the same
   * delivery ID in this project, nothing is stored and that run comes back as {@link
   * RunCreation.DuplicateDelivery}; its {@code payloadHash} tells a retry from a conflicting body.
   */
  RunCreation create(NewRun run);

  /**
   * Appends {@code events} if the run is still at {@code expectedVersion}.
   *
   * @return {@link RunAppend.Appended}, {@link RunAppend.Conflict} when another writer was first,
   *     or {@link RunAppend.NotFound}
   * @throws IllegalStateException when the records would take the run off its lifecycle
   */
  RunAppend append(
      String runId, int expectedVersion, List<io.kxm.core.workflow.run.WorkflowRunEvent> events);

  Optional<StoredRun> find(String runId);

  /** The run a webhook delivery created, while it is kept. */
  Optional<StoredRun> findByDelivery(String project, String workflowId, String deliveryId);

  /** The run whose current coordinator prompt is {@code messageId}. */
  Optional<StoredRun> findByPrompt(String messageId);

  /** Runs in {@code project} assigned to {@code coordinator} (any case), newest first. */
  List<StoredRun> listForCoordinator(String project, String coordinator);

  /** Every run of {@code project}, newest first. */
  List<StoredRun> listByProject(String project);

  /** IDs of waiting runs whose deadline is not after {@code now}, earliest first. */
  List<String> dueDeadlines(Instant now, int limit);

  /** Deletes runs that finished before {@code cutoff}, with their history and journal. */
  int purgeFinishedBefore(Instant cutoff);
}

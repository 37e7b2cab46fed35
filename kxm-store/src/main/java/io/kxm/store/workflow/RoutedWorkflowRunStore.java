package io.kxm.store.workflow;

import io.kxm.core.workflow.run.WorkflowRunEvent;
import io.kxm.store.Transactions;
import io.kxm.store.Tx;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * {@link WorkflowRunStore} that runs each call in a transaction of its own, read or write.
 *
 * @see WorkflowPorts for how a store hands out the port inside a transaction
 */
public final class RoutedWorkflowRunStore implements WorkflowRunStore {
  private final Transactions tx;
  private final Function<Tx, WorkflowRunStore> port;

  /**
   * @param port the run store bound to a transaction, for example {@code Tx::workflowRuns}
   */
  public RoutedWorkflowRunStore(Transactions tx, Function<Tx, WorkflowRunStore> port) {
    this.tx = tx;
    this.port = port;
  }

  @Override
  public RunCreation create(NewRun run) {
    return tx.write(t -> port.apply(t).create(run));
  }

  @Override
  public RunAppend append(String runId, int expectedVersion, List<WorkflowRunEvent> events) {
    return tx.write(t -> port.apply(t).append(runId, expectedVersion, events));
  }

  @Override
  public Optional<StoredRun> find(String runId) {
    return tx.read(t -> port.apply(t).find(runId));
  }

  @Override
  public Optional<StoredRun> findByDelivery(String project, String workflowId, String deliveryId) {
    return tx.read(t -> port.apply(t).findByDelivery(project, workflowId, deliveryId));
  }

  @Override
  public Optional<StoredRun> findByPrompt(String messageId) {
    return tx.read(t -> port.apply(t).findByPrompt(messageId));
  }

  @Override
  public List<StoredRun> listForCoordinator(String project, String coordinator) {
    return tx.read(t -> port.apply(t).listForCoordinator(project, coordinator));
  }

  @Override
  public List<StoredRun> listByProject(String project) {
    return tx.read(t -> port.apply(t).listByProject(project));
  }

  @Override
  public List<String> dueDeadlines(Instant now, int limit) {
    return tx.read(t -> port.apply(t).dueDeadlines(now, limit));
  }

  @Override
  public int purgeFinishedBefore(Instant cutoff) {
    return tx.write(t -> port.apply(t).purgeFinishedBefore(cutoff));
  }
}

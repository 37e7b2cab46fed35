package io.kxm.store.workflow;

/**
 * The workflow ports a transaction or a store hands out. {@code Tx} and {@code Store} gain them by
 * extending this interface, after which run, journal and message writes share one transaction (the
 * webhook route creates a run and its coordinator message together):
 *
 * <pre>{@code
 * public interface Tx extends WorkflowPorts { ... }      // and likewise Store
 *
 * // SqlTx, beside the other ports bound to the transaction's Jdbc:
 * this.workflowRuns = new SqlWorkflowRunStore(jdbc);
 * this.workflowJournal = new SqlWorkflowJournalStore(jdbc);
 *
 * // BaseStore, beside the other routed ports:
 * private final WorkflowRunStore workflowRuns = new RoutedWorkflowRunStore(this, Tx::workflowRuns);
 * private final WorkflowJournalStore workflowJournal =
 *     new RoutedWorkflowJournalStore(this, Tx::workflowJournal);
 * }</pre>
 */
public interface WorkflowPorts {
  WorkflowRunStore workflowRuns();

  WorkflowJournalStore workflowJournal();

  /** Digests of accepted webhook and signal signatures, to refuse a replayed one. */
  SignatureDigestStore signatureDigests();
}

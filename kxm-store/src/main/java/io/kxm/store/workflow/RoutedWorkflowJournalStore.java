package io.kxm.store.workflow;

import io.kxm.core.workflow.journal.JournalEntry;
import io.kxm.store.Transactions;
import io.kxm.store.Tx;
import java.util.List;
import java.util.function.Function;

/** {@link WorkflowJournalStore} that runs each call in a transaction of its own. */
public final class RoutedWorkflowJournalStore implements WorkflowJournalStore {
  private final Transactions tx;
  private final Function<Tx, WorkflowJournalStore> port;

  /**
   * @param port the journal store bound to a transaction, for example {@code Tx::workflowJournal}
   */
  public RoutedWorkflowJournalStore(Transactions tx, Function<Tx, WorkflowJournalStore> port) {
    this.tx = tx;
    this.port = port;
  }

  @Override
  public void insert(JournalEntry entry) {
    tx.write(t -> {
      port.apply(t).insert(entry);
      return null;
    });
  }

  @Override
  public List<JournalEntry> forRun(String runId) {
    return tx.read(t -> port.apply(t).forRun(runId));
  }

  @Override
  public List<JournalEntry> forProject(String project, int limit) {
    return tx.read(t -> port.apply(t).forProject(project, limit));
  }
}

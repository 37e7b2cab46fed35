package io.kxm.store.workflow;

import io.kxm.core.workflow.journal.JournalEntry;
import java.util.List;

/**
 * The learning journal of workflow runs. Entries belong to a stored run and are deleted with it by
 * {@link WorkflowRunStore#purgeFinishedBefore}.
 */
public interface WorkflowJournalStore {

  /** Stores a validated entry (see {@code Journals.entry}). */
  void insert(JournalEntry entry);

  /** The run's entries, oldest first. */
  List<JournalEntry> forRun(String runId);

  /** The project's entries across runs, newest first, at most {@code limit}. */
  List<JournalEntry> forProject(String project, int limit);
}

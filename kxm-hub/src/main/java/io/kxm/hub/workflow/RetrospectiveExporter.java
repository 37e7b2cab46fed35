package io.kxm.hub.workflow;

import io.kxm.core.workflow.journal.Retrospectives;
import io.kxm.store.Store;
import io.kxm.store.workflow.StoredRun;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the retrospective of every run that finished. Runs are noted inside the transaction that
 * finished them and written only once that commit is visible: a file must never describe an end
 * that rolled back. A noted run that is not finished yet is looked at again a few times (its
 * transaction may still be committing), then dropped.
 */
final class RetrospectiveExporter {
  private static final Logger LOG = LoggerFactory.getLogger(RetrospectiveExporter.class);
  private static final int LOOKS = 5;

  private final Store store;
  private final Path folder;
  private final Map<String, Integer> pending = new ConcurrentHashMap<>();

  RetrospectiveExporter(Store store, Path folder) {
    this.store = store;
    this.folder = folder;
  }

  /** Notes that {@code runId} finished in the transaction now running. */
  void finished(String runId) {
    pending.putIfAbsent(runId, 0);
  }

  /** Writes what is due; called after a commit and by the sweeper. */
  synchronized void flush() {
    Iterator<Map.Entry<String, Integer>> it = pending.entrySet().iterator();
    while (it.hasNext()) {
      Map.Entry<String, Integer> entry = it.next();
      Optional<StoredRun> run = store.workflowRuns().find(entry.getKey());
      if (run.isPresent() && run.get().run().isTerminal()) {
        write(run.get());
        it.remove();
      } else if (run.isEmpty() || entry.getValue() + 1 >= LOOKS) {
        it.remove();
      } else {
        entry.setValue(entry.getValue() + 1);
      }
    }
  }

  private void write(StoredRun stored) {
    try {
      Retrospectives.write(
          folder,
          Retrospectives.of(
              stored.run(), stored.history(), store.workflowJournal().forRun(stored.id())));
    } catch (RuntimeException e) {
      // The run itself is safe in the store; a disk problem must not fail the request.
      LOG.warn("retrospective of run {} not written: {}", stored.id(), e.toString());
    }
  }
}

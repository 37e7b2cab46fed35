package io.kxm.runtime.project;

import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.api.SpendTotal;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.runtime.store.RunEventLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A run's last receipt as it was signed: the store keeps its columns, and its spend is added up
 * again from the {@code attempt.spent} events up to its head, which the signature covers.
 */
final class LastReceipt {
  private LastReceipt() {}

  static Optional<Receipt> of(RunEventLog store, String runId) {
    return store
        .lastReceipt(runId)
        .map(r -> r.withSpend(spendUpTo(store, runId, r.headSequence())));
  }

  private static SpendTotal spendUpTo(RunEventLog store, String runId, long head) {
    List<RunEvent.AttemptSpent> spent = new ArrayList<>();
    for (StoredEvent e : store.events(runId)) {
      if (e.sequence() > head) {
        break;
      }
      if (e.type().equals("attempt.spent")) {
        try {
          spent.add((RunEvent.AttemptSpent) e.event());
        } catch (RuntimeException unreadable) {
          // an unreadable event is the chain check's to report; the receipt then fails to verify
          return null;
        }
      }
    }
    return SpendTotal.of(spent);
  }
}

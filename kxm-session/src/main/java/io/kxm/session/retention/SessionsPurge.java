package io.kxm.session.retention;

import io.kxm.core.retention.Purge;
import io.kxm.core.retention.PurgeResult;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionsPurged;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The purge of {@code sessions.db}: ended session runs and idle sessions past the retention window
 * ({@code KXM_SESSION_RETENTION_MS}), a batch per write so the store's one writer is never held for
 * long. See {@link SessionStore#purgeEndedBefore} for what goes and what stays.
 */
public final class SessionsPurge implements Purge {
  private final SessionStore store;
  private final Duration retention;

  public SessionsPurge(SessionStore store, Duration retention) {
    this.store = store;
    this.retention = retention;
  }

  @Override
  public List<PurgeResult> purge(Instant now, boolean dryRun) {
    Instant cutoff = now.minus(retention);
    long runs = 0;
    long sessions = 0;
    if (dryRun) {
      SessionsPurged due = store.purgeableBefore(cutoff);
      runs = due.runIds().size();
      sessions = due.sessions();
    } else {
      SessionsPurged batch;
      do {
        batch = store.purgeEndedBefore(cutoff, BATCH);
        runs += batch.runIds().size();
        sessions += batch.sessions();
      } while (batch.runIds().size() == BATCH || batch.sessions() == BATCH);
    }
    String kept = "ended before " + cutoff;
    return List.of(
        new PurgeResult("sessions", "ended session runs", runs, kept),
        new PurgeResult("sessions", "idle sessions", sessions, kept));
  }
}

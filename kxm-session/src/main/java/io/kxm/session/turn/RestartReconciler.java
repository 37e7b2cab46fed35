package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.process.OrphanProcesses;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import java.util.ArrayList;
import java.util.List;

/**
 * Puts the store right after a supervisor start: nothing can be running or queued in a process that
 * just started, so whatever the store says is in flight was left by one that crashed or was killed.
 * Harness process trees it left are ended first, so none of them keeps writing to a workspace.
 */
public final class RestartReconciler {
  static final String SERVER_RESTART = "server_restart";

  /** What reconciliation did, for the supervisor's log. */
  public record Reconciliation(int processesEnded, int runsInterrupted) {}

  private final SessionStore store;
  private final OrphanProcesses orphans;

  RestartReconciler(SessionStore store, OrphanProcesses orphans) {
    this.store = store;
    this.orphans = orphans;
  }

  Reconciliation reconcile() throws InterruptedException {
    int ended = 0;
    for (SessionStore.RecordedProcess process : store.runningProcesses()) {
      if (orphans.end(process.pid(), process.processStart())) {
        ended++;
      }
    }
    List<SessionRun> inFlight = new ArrayList<>(store.runsIn(SessionRunStatus.RUNNING));
    inFlight.addAll(store.runsIn(SessionRunStatus.QUEUED));
    return new Reconciliation(ended, interrupt(store, inFlight));
  }

  /**
   * Ends each run as a restart does, {@code interrupted} with {@code server_restart}, leaving its
   * questions open. A run that ended meanwhile is left as it is.
   *
   * @return how many runs it ended
   */
  static int interrupt(SessionStore store, List<SessionRun> runs) {
    int interrupted = 0;
    for (SessionRun run : runs) {
      try {
        store.transition(
            run.id(),
            SessionRunStatus.INTERRUPTED,
            new SessionStore.Ending(null, SERVER_RESTART, null),
            Json.object().put("error", SERVER_RESTART));
        interrupted++;
      } catch (KxmException e) {
        if (e.code() != ErrorCode.RUN_TRANSITION_REFUSED) {
          throw e;
        }
      }
    }
    return interrupted;
  }
}

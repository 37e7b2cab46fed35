package io.kxm.mcp.stdio;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/** JSON-RPC requests read from stdin whose responses have not yet been flushed to stdout. */
final class PendingRequests {
  private final Set<String> ids = new HashSet<>();

  synchronized void received(String id) {
    ids.add(id);
  }

  synchronized void answered(String id) {
    if (ids.remove(id) && ids.isEmpty()) {
      notifyAll();
    }
  }

  synchronized int size() {
    return ids.size();
  }

  /** Waits until every request is answered; false when {@code timeout} passed first. */
  synchronized boolean awaitNone(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!ids.isEmpty()) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        return false;
      }
      wait(Math.max(1, left / 1_000_000));
    }
    return true;
  }
}

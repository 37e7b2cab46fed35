package io.kxm.hub.lifecycle;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/**
 * Tells features that the hub began to drain: long-lived work (event streams, waits) should end so
 * that in-flight requests finish within the grace period.
 */
public final class DrainSignal {
  private final CompletableFuture<Void> draining = new CompletableFuture<>();

  public boolean isDraining() {
    return draining.isDone();
  }

  /** Completes once, when draining begins. */
  public CompletionStage<Void> whenDraining() {
    return draining.minimalCompletionStage();
  }

  /** Runs {@code action} when draining begins, or now if it already has. */
  public void onDrain(Runnable action) {
    draining.thenRun(action);
  }

  void begin() {
    draining.complete(null);
  }
}

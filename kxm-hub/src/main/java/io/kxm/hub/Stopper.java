package io.kxm.hub;

import io.kxm.hub.lifecycle.ShutdownTriggers;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/** Runs the stop sequence exactly once; every other caller waits for its outcome. */
final class Stopper {
  private final BooleanSupplier sequence;
  private final AtomicBoolean started = new AtomicBoolean();
  private final CompletableFuture<Boolean> outcome = new CompletableFuture<>();
  private volatile ShutdownTriggers triggers;

  Stopper(BooleanSupplier sequence) {
    this.sequence = sequence;
  }

  void attach(ShutdownTriggers installed) {
    this.triggers = installed;
  }

  boolean stop() {
    if (started.compareAndSet(false, true)) {
      try {
        outcome.complete(sequence.getAsBoolean());
      } catch (RuntimeException | Error e) {
        outcome.completeExceptionally(e);
        throw e;
      } finally {
        ShutdownTriggers installed = triggers;
        if (installed != null) {
          installed.remove();
        }
      }
    }
    return outcome.join();
  }

  boolean await() throws InterruptedException {
    try {
      return outcome.get();
    } catch (ExecutionException e) {
      return false;
    }
  }
}

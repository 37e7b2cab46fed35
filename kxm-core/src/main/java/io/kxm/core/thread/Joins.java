package io.kxm.core.thread;

/** Waiting for a thread that must be allowed to finish what it is doing. */
public final class Joins {
  private Joins() {}

  /**
   * Waits until {@code thread} ended, however often the caller is interrupted meanwhile, then sets
   * the caller's interrupt flag again if it was: a writer stopping must finish its last batch.
   */
  public static void uninterruptibly(Thread thread) {
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}

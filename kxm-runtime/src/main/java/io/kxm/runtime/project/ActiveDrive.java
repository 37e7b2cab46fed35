package io.kxm.runtime.project;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** The one drive (or cancel) holding a run; a cancel request reaches its producers and gates. */
final class ActiveDrive {
  private volatile boolean cancelRequested;
  private final CountDownLatch done = new CountDownLatch(1);

  void requestCancel() {
    cancelRequested = true;
  }

  boolean cancelRequested() {
    return cancelRequested;
  }

  void finished() {
    done.countDown();
  }

  boolean awaitFinished(long seconds) {
    try {
      return done.await(seconds, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }
}

package io.kxm.bench.product;

import io.kxm.bench.proc.Child;
import java.io.IOException;

/** The hub's resident memory, read once it has stopped moving. */
final class HubMemory {
  private static final long STEP_MS = 250;
  private static final long STILL_FOR_MS = 1_000;
  private static final long MOST_MS = 10_000;
  private static final long STILL_KIB = 1024;

  private HubMemory() {}

  /**
   * VmRSS in MiB once two readings a second apart differ by less than 1 MiB, or after 10 s: right
   * after start or a burst of work the JVM is still compiling and collecting.
   */
  static double settledMiB(Child hub) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + MOST_MS;
    long still = hub.rssKiB();
    long stillSince = System.currentTimeMillis();
    while (System.currentTimeMillis() < deadline) {
      Thread.sleep(STEP_MS); // sampling a child process's memory: there is nothing to wait on
      long now = hub.rssKiB();
      if (Math.abs(now - still) >= STILL_KIB) {
        still = now;
        stillSince = System.currentTimeMillis();
      } else if (System.currentTimeMillis() - stillSince >= STILL_FOR_MS) {
        return now / 1024.0;
      }
    }
    return hub.rssKiB() / 1024.0;
  }
}

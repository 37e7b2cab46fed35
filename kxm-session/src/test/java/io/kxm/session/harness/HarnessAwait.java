package io.kxm.session.harness;

import java.time.Duration;
import java.util.function.BooleanSupplier;
import org.awaitility.Awaitility;

/** Waits on a condition of a running harness, with a deadline instead of a sleep. */
final class HarnessAwait {
  private HarnessAwait() {}

  static void until(String what, BooleanSupplier condition) {
    Awaitility.await(what)
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(20))
        .until(condition::getAsBoolean);
  }
}

package io.kxm.runtime.usage;

/**
 * One run's usage as it is reported: per-call reports are added up, and a total the harness reports
 * for the whole run replaces them, since it already counts every call. Safe to use from the thread
 * that reads a harness and the one that ends its run.
 */
public final class UsageTally {
  private static final TokenUsage ZERO = new TokenUsage(0, 0, 0, 0, 0, TokenUsage.Source.SUMMED);

  private TokenUsage total = TokenUsage.unavailable();

  /** Adds one call's usage; returns the run's total so far. */
  public synchronized TokenUsage add(TokenUsage call) {
    total =
        switch (total.source()) {
          case FINAL -> total;
          case SUMMED -> total.plus(call);
          case UNAVAILABLE -> ZERO.plus(call);
        };
    return total;
  }

  /** Takes the run's total as the harness reported it; later per-call reports no longer count. */
  public synchronized TokenUsage settle(TokenUsage runTotal) {
    total =
        new TokenUsage(
            runTotal.input(),
            runTotal.output(),
            runTotal.cacheRead(),
            runTotal.cacheWrite(),
            runTotal.reasoning(),
            TokenUsage.Source.FINAL);
    return total;
  }

  public synchronized TokenUsage total() {
    return total;
  }
}

package io.kxm.bench.client;

import java.util.Arrays;

/** Latency samples of one repetition and their percentiles, in milliseconds. */
public final class Latencies {
  private long[] nanos;
  private int n;

  /** Room for {@code capacity} samples to begin with; it grows when more are added. */
  public Latencies(int capacity) {
    this.nanos = new long[Math.max(capacity, 16)];
  }

  public void add(long elapsedNanos) {
    if (n == nanos.length) {
      nanos = Arrays.copyOf(nanos, n * 2);
    }
    nanos[n++] = elapsedNanos;
  }

  /** Adds every sample of {@code other}. */
  public void addAll(Latencies other) {
    if (n + other.n > nanos.length) {
      nanos = Arrays.copyOf(nanos, Math.max(n + other.n, n * 2));
    }
    System.arraycopy(other.nanos, 0, nanos, n, other.n);
    n += other.n;
  }

  public int count() {
    return n;
  }

  /** Nearest-rank percentile, {@code p} in (0, 1]. */
  public double percentileMillis(double p) {
    if (n == 0) {
      throw new IllegalStateException("no samples");
    }
    long[] sorted = Arrays.copyOf(nanos, n);
    Arrays.sort(sorted);
    int rank = (int) Math.ceil(p * n);
    return sorted[Math.max(0, Math.min(n, rank) - 1)] / 1e6;
  }

  /** Runs {@code op} {@code count} times one after another, timing each. */
  public static Latencies sample(int count, Op op) throws Exception {
    Latencies l = new Latencies(count);
    for (int i = 0; i < count; i++) {
      long t0 = System.nanoTime();
      op.run();
      l.add(System.nanoTime() - t0);
    }
    return l;
  }

  @FunctionalInterface
  public interface Op {
    void run() throws Exception;
  }
}

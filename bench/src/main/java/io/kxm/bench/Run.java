package io.kxm.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What one invocation of the suite shares between measures: its size (quick or full), a temporary
 * folder, and processes started once and stopped at the end, last started first stopped.
 */
public final class Run implements AutoCloseable {
  private final boolean quick;
  private final Path tempDir;
  private final Map<String, CompletableFuture<AutoCloseable>> shared = new LinkedHashMap<>();
  private final Deque<AutoCloseable> toClose = new ArrayDeque<>();
  private boolean closed;

  public Run(boolean quick) throws IOException {
    this.quick = quick;
    this.tempDir = Files.createTempDirectory("kxm-bench-");
  }

  public boolean quick() {
    return quick;
  }

  /** Repetitions per figure; at least 3 so that a median means something. */
  public int reps() {
    return quick ? 3 : 5;
  }

  /**
   * How long one throughput repetition runs: half a second with {@code --quick}, enough for
   * thousands of closed-loop requests at the slowest rate measured, after a warm-up as long.
   */
  public Duration window() {
    return quick ? Duration.ofMillis(500) : Duration.ofSeconds(5);
  }

  /** Load before the counted repetitions, so that both sides are measured after JIT warm-up. */
  public Duration warmup() {
    return quick ? Duration.ofMillis(500) : Duration.ofSeconds(5);
  }

  /** Picks the quick or the full size of a count. */
  public int size(int quickSize, int fullSize) {
    return quick ? quickSize : fullSize;
  }

  public Path tempDir() {
    return tempDir;
  }

  /** A fresh folder under the run's temporary folder. */
  public Path newDir(String prefix) throws IOException {
    return Files.createTempDirectory(tempDir, prefix);
  }

  /**
   * Starts a shared resource (a bare server, the hub) the first time a measure asks for it under
   * {@code key}; later calls, also from other threads while it starts, get the same one. Resources
   * under different keys start side by side. It is stopped when the run closes; a start that failed
   * is tried again by the next caller.
   */
  public <T extends AutoCloseable> T shared(String key, Class<T> type, Starter<T> starter)
      throws Exception {
    CompletableFuture<AutoCloseable> mine = new CompletableFuture<>();
    CompletableFuture<AutoCloseable> existing;
    synchronized (this) {
      existing = shared.putIfAbsent(key, mine);
    }
    if (existing != null) {
      try {
        return type.cast(existing.get());
      } catch (ExecutionException e) {
        throw e.getCause() instanceof Exception cause ? cause : e;
      }
    }
    try {
      T started = starter.start(this);
      synchronized (this) {
        if (closed) {
          // Ctrl-C stopped the run while this one was starting: nobody else will stop it.
          started.close();
          throw new IllegalStateException("the run was stopped while " + key + " started");
        }
        toClose.push(started);
      }
      mine.complete(started);
      return started;
    } catch (Exception | Error e) {
      synchronized (this) {
        shared.remove(key, mine);
      }
      mine.completeExceptionally(e);
      throw e;
    }
  }

  /**
   * Closes {@code resource} when the run stops, unless it was closed first through the returned
   * handle; either way it is closed once. A measure's own processes (a supervisor it started in its
   * setup) are stopped this way when a kill stops the run before the measure's turn to close.
   */
  public synchronized AutoCloseable closeWhenStopped(AutoCloseable resource) {
    AtomicBoolean done = new AtomicBoolean();
    AutoCloseable once =
        () -> {
          if (done.compareAndSet(false, true)) {
            resource.close();
          }
        };
    toClose.push(once);
    return once;
  }

  /** Stops everything started through this run, even when a stop fails. */
  @Override
  public synchronized void close() {
    closed = true;
    while (!toClose.isEmpty()) {
      AutoCloseable c = toClose.pop();
      try {
        c.close();
      } catch (Exception e) {
        Log.warn("could not stop " + c + ": " + e);
      }
    }
    shared.clear();
    Fs.deleteQuietly(tempDir);
  }

  @FunctionalInterface
  public interface Starter<T> {
    T start(Run run) throws Exception;
  }
}

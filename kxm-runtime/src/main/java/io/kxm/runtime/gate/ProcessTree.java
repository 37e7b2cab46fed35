package io.kxm.runtime.gate;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * A child process and every process it started. Descendants are remembered while the child runs,
 * because once it exits its orphans are re-parented and can no longer be found through it; a {@link
 * ProcessHandle} carries the start time, so a reused PID is never mistaken for one of them. Not
 * thread-safe: one thread supervises a tree.
 */
public final class ProcessTree {
  private final Process root;
  private final Set<ProcessHandle> seen = new LinkedHashSet<>();

  public ProcessTree(Process root) {
    this.root = root;
  }

  /** Records the descendants alive now, so they can still be killed after the root exits. */
  public void remember() {
    root.descendants().forEach(seen::add);
  }

  /**
   * Asks every descendant, then the root, to stop; whatever still runs after {@code grace} is
   * killed forcibly. Returns once the root has exited, or after a second grace period.
   */
  public void kill(Duration grace) throws InterruptedException {
    remember();
    List<ProcessHandle> all = new ArrayList<>(seen);
    all.add(root.toHandle());
    all.forEach(ProcessHandle::destroy);
    if (!awaitExit(all, grace)) {
      all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
      awaitExit(all, grace);
    }
  }

  /** Kills what the root left running after it exited (background children of a gate). */
  public void killLeftovers(Duration grace) throws InterruptedException {
    if (seen.stream().anyMatch(ProcessHandle::isAlive)) {
      kill(grace);
    }
  }

  private static boolean awaitExit(List<ProcessHandle> handles, Duration wait)
      throws InterruptedException {
    CompletableFuture<?>[] exits =
        handles.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
    try {
      CompletableFuture.allOf(exits).get(wait.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      // onExit never completes exceptionally; treat it like a process that has not exited
      return false;
    }
  }
}

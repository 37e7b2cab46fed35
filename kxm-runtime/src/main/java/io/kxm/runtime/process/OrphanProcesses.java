package io.kxm.runtime.process;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Ends the process trees (session harnesses, gates) a crashed supervisor left behind. A recorded
 * pid is trusted only while a process with that pid and the recorded start time runs, so a pid the
 * system has since given to another program is never signalled.
 */
public final class OrphanProcesses {
  private final Duration grace;

  public OrphanProcesses(Duration grace) {
    this.grace = grace;
  }

  /**
   * Ends the tree rooted at {@code pid} when it is the recorded process.
   *
   * @return whether it was alive and ended
   */
  public boolean end(long pid, Instant processStart) throws InterruptedException {
    Optional<ProcessHandle> root = recorded(pid, processStart);
    if (root.isEmpty()) {
      return false;
    }
    List<ProcessHandle> all = new ArrayList<>(root.get().descendants().toList());
    all.add(root.get());
    all.forEach(ProcessHandle::destroy);
    if (!awaitExit(all)) {
      all.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
      awaitExit(all);
    }
    return true;
  }

  /**
   * The process a record names, while it runs: the pid alive with the recorded start time, never a
   * program that was given the pid since.
   */
  public static Optional<ProcessHandle> recorded(long pid, Instant processStart) {
    if (pid <= 0 || processStart == null) {
      return Optional.empty();
    }
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(handle -> sameStart(handle, processStart));
  }

  // The system reports start times in clock ticks and sources round them differently, so allow
  // a second either way; a pid reused within that second of its recorded start is not credible.
  private static boolean sameStart(ProcessHandle handle, Instant recorded) {
    return handle
        .info()
        .startInstant()
        .filter(s -> Duration.between(s, recorded).abs().compareTo(Duration.ofSeconds(1)) <= 0)
        .isPresent();
  }

  private boolean awaitExit(List<ProcessHandle> handles) throws InterruptedException {
    CompletableFuture<?>[] exits =
        handles.stream().map(ProcessHandle::onExit).toArray(CompletableFuture[]::new);
    try {
      CompletableFuture.allOf(exits).get(grace.toNanos(), TimeUnit.NANOSECONDS);
      return true;
    } catch (TimeoutException e) {
      return false;
    } catch (ExecutionException e) {
      // onExit never completes exceptionally; treat it like a process that has not exited
      return false;
    }
  }
}

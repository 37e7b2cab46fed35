package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The one place that decides which turns run: the queue, the turns running now and whether a drain
 * began, all behind this object's monitor. A decision that also writes to the store (queue a run,
 * cancel a waiting one, queue a continuation) runs whole inside {@link #exclusively}, so no other
 * decision can interleave with it; turns themselves run on virtual threads, outside it.
 */
final class TurnScheduler {
  /** What a drain found once its grace ran out. */
  record Leftovers(List<TurnRunner> running, List<TurnQueue.Waiting> waiting) {
    boolean none() {
      return running.isEmpty() && waiting.isEmpty();
    }
  }

  private final TurnQueue queue;
  private final int maxQueued;
  private final Function<TurnQueue.Waiting, TurnRunner> runners;
  private final Map<String, TurnRunner> active = new HashMap<>();
  private boolean draining;
  private boolean drained;

  /**
   * @param runners makes the runner of a turn that may start now
   */
  TurnScheduler(int maxActive, int maxQueued, Function<TurnQueue.Waiting, TurnRunner> runners) {
    this.queue = new TurnQueue(maxActive);
    this.maxQueued = maxQueued;
    this.runners = runners;
  }

  synchronized <T> T exclusively(Supplier<T> decision) {
    return decision.get();
  }

  /** Refuses a new run while draining or when the session's queue is full. */
  synchronized void checkAdmission(String sessionId) {
    checkNotDraining();
    int queued = queue.waitingIn(sessionId);
    if (queued >= maxQueued) {
      throw new KxmException(
          ErrorCode.SESSION_QUEUE_FULL,
          "session "
              + sessionId
              + " already holds "
              + queued
              + " queued runs, the limit is "
              + maxQueued);
    }
  }

  synchronized void checkNotDraining() {
    if (draining) {
      throw new KxmException(
          ErrorCode.SERVER_DRAINING, "the supervisor is shutting down; no new runs start");
    }
  }

  /** Queues a stored run and starts whatever may run now. */
  synchronized void enqueue(String runId, String sessionId) {
    queue.add(runId, sessionId);
    startReady();
  }

  synchronized boolean isWaiting(String runId) {
    return queue.isWaiting(runId);
  }

  /** Takes a run out of the queue before it started; false when it was not waiting. */
  synchronized boolean withdraw(String runId) {
    return queue.remove(runId);
  }

  /** The runner of a turn running now, or null. */
  synchronized TurnRunner running(String runId) {
    return active.get(runId);
  }

  synchronized int activeCount() {
    return active.size();
  }

  synchronized boolean isDraining() {
    return draining;
  }

  synchronized boolean isDrained() {
    return drained;
  }

  synchronized void markDrained() {
    drained = true;
  }

  /**
   * Admits nothing new and starts no queued run from now on, then waits up to {@code grace} for the
   * running turns to end.
   */
  synchronized Leftovers drain(Duration grace) throws InterruptedException {
    draining = true;
    long deadline = System.nanoTime() + grace.toNanos();
    long left;
    while (!active.isEmpty() && (left = deadline - System.nanoTime()) > 0) {
      wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
    }
    return new Leftovers(new ArrayList<>(active.values()), queue.clear());
  }

  private void startReady() {
    for (TurnQueue.Waiting next : queue.takeStartable()) {
      TurnRunner runner = runners.apply(next);
      active.put(next.runId(), runner);
      runner.done().whenComplete((ignored, error) -> finished(runner));
      Thread.ofVirtual().name("kxm-turn-" + next.runId()).start(runner);
    }
  }

  private synchronized void finished(TurnRunner runner) {
    active.remove(runner.runId());
    queue.release(runner.sessionId());
    if (!draining) {
      startReady();
    }
    notifyAll();
  }
}

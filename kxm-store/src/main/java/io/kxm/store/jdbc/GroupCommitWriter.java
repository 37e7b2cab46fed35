package io.kxm.store.jdbc;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.thread.Joins;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * Group commit: callers' writes wait in a queue, and each writer thread takes every request waiting
 * and runs them as one transaction ({@link Batches}). One commit, and one flush of the log, per
 * batch instead of one per write is what lets many agents write at once; each caller returns only
 * after its batch committed. SQLite has one writer thread (it has one writer); PostgreSQL may have
 * several, each with a transaction of its own.
 */
public final class GroupCommitWriter implements AutoCloseable {
  public static final int MAX_BATCH = 512;
  private static final int MAX_WAITING = 10_000;

  /** How the backend runs one batch: a transaction with a savepoint per request. */
  public interface Batches {
    /** Runs the requests and answers each: completed once committed, or failed. Must not throw. */
    void run(List<WriteRequest<?>> batch);

    /** Called once, after the last batch of the last writer thread. */
    default void close() {}
  }

  private final BlockingQueue<WriteRequest<?>> queue = new LinkedBlockingQueue<>();
  private final Semaphore room = new Semaphore(MAX_WAITING);
  private final Object lifecycle = new Object();
  private final AtomicLong batches = new AtomicLong();
  private final Batches backend;
  private final String store;
  private final List<Thread> threads = new ArrayList<>();
  private final CountDownLatch stopped;
  private boolean closing; // guarded by lifecycle

  /**
   * @param writers how many batches may be open at once
   */
  public GroupCommitWriter(Batches backend, String store, String threadName, int writers) {
    if (writers < 1) {
      throw new IllegalArgumentException("a group commit needs at least one writer");
    }
    this.backend = backend;
    this.store = store;
    this.stopped = new CountDownLatch(writers);
    for (int i = 0; i < writers; i++) {
      Thread thread =
          Thread.ofPlatform()
              .name(writers == 1 ? threadName : threadName + "-" + i)
              .daemon()
              .unstarted(this::run);
      threads.add(thread);
    }
    threads.forEach(Thread::start);
  }

  /** Runs {@code work} in the next batch and waits until that batch commits. */
  public <T> T submit(Function<Jdbc, T> work) {
    if (threads.contains(Thread.currentThread())) {
      throw new IllegalStateException("write() inside a write: use the Tx it was given");
    }
    WriteRequest<T> request = new WriteRequest<>(work);
    room.acquireUninterruptibly(); // back-pressure when the writers fall behind
    synchronized (lifecycle) {
      if (closing) {
        room.release();
        throw new KxmException(ErrorCode.STORE_UNAVAILABLE, "the store " + store + " is closed");
      }
      queue.add(request);
    }
    try {
      return request.future.join();
    } catch (CompletionException e) {
      throw WriteRequest.unwrap(e);
    }
  }

  public boolean running() {
    return threads.stream().allMatch(Thread::isAlive);
  }

  /** Transactions committed or attempted so far; fewer than writes when batching works. */
  public long batches() {
    return batches.get();
  }

  /** Requests queued and not yet taken by a writer. */
  public int waiting() {
    return queue.size();
  }

  /** Lets queued writes finish, then stops the threads and closes the backend. */
  @Override
  public void close() {
    synchronized (lifecycle) {
      if (closing) {
        return;
      }
      closing = true;
      // one STOP per thread; each thread that takes one ends after its batch
      for (int i = 0; i < threads.size(); i++) {
        queue.add(WriteRequest.STOP);
      }
    }
    threads.forEach(Joins::uninterruptibly);
  }

  private void run() {
    List<WriteRequest<?>> batch = new ArrayList<>();
    boolean stop = false;
    try {
      while (!stop) {
        batch.add(queue.take());
        queue.drainTo(batch, MAX_BATCH - 1);
        int at = batch.indexOf(WriteRequest.STOP);
        if (at >= 0) {
          stop = true;
          // Nothing is queued after the STOPs; another thread's STOP goes back for it.
          for (int i = batch.size() - 1; i > at; i--) {
            if (batch.get(i) == WriteRequest.STOP) {
              queue.add(batch.remove(i));
            }
          }
          batch.remove(at);
        }
        if (!batch.isEmpty()) {
          batches.incrementAndGet();
          backend.run(batch);
          room.release(batch.size());
        }
        batch.clear();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      stopped.countDown();
      if (stopped.getCount() == 0) {
        failLeftovers();
        backend.close();
      }
    }
  }

  /** Answers whatever is still queued when the threads end, so no caller waits forever. */
  private void failLeftovers() {
    synchronized (lifecycle) {
      closing = true;
    }
    KxmException closed =
        new KxmException(ErrorCode.STORE_UNAVAILABLE, "the writer of " + store + " has stopped");
    for (WriteRequest<?> request = queue.poll(); request != null; request = queue.poll()) {
      if (request != WriteRequest.STOP) {
        request.fail(closed);
      }
    }
  }
}

package io.kxm.store.sqlite;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.store.jdbc.Jdbc;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

/**
 * The only connection that writes, fed by a queue. The writer thread takes every request waiting
 * and runs them as one {@link WriteBatch}: one fsync per batch instead of one per write is what
 * lets many agents write at once, and each caller returns only after its batch committed.
 */
final class GroupCommitWriter implements AutoCloseable {
  static final int MAX_BATCH = 512;
  private static final int MAX_WAITING = 10_000;

  private final BlockingQueue<WriteRequest<?>> queue = new LinkedBlockingQueue<>();
  private final Semaphore room = new Semaphore(MAX_WAITING);
  private final Object lifecycle = new Object();
  private final AtomicLong batches = new AtomicLong();
  private final WriterConnection connection;
  private final String store;
  private final Thread thread;
  private boolean closing; // guarded by lifecycle

  GroupCommitWriter(Connection connection, String store) {
    this.connection = new WriterConnection(connection, store);
    this.store = store;
    this.thread = Thread.ofPlatform().name("kxm-sqlite-writer").daemon().unstarted(this::run);
    thread.start();
  }

  /** Runs {@code work} in the next batch and waits until that batch commits. */
  <T> T submit(Function<Jdbc, T> work) {
    if (Thread.currentThread() == thread) {
      throw new IllegalStateException("write() inside a write: use the Tx it was given");
    }
    WriteRequest<T> request = new WriteRequest<>(work);
    room.acquireUninterruptibly(); // back-pressure when the writer falls behind
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

  boolean running() {
    return thread.isAlive();
  }

  /** Transactions committed or attempted so far; fewer than writes when batching works. */
  long batches() {
    return batches.get();
  }

  /** Requests queued and not yet taken by the writer. */
  int waiting() {
    return queue.size();
  }

  /** Lets queued writes finish, then stops the thread and closes the connection. */
  @Override
  public void close() {
    synchronized (lifecycle) {
      if (closing) {
        return;
      }
      closing = true;
      queue.add(WriteRequest.STOP);
    }
    boolean interrupted = false;
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }

  private void run() {
    List<WriteRequest<?>> batch = new ArrayList<>();
    boolean stop = false;
    try {
      while (!stop) {
        batch.add(queue.take());
        queue.drainTo(batch, MAX_BATCH - 1);
        // Nothing is queued after STOP, so it can only be the last of a batch.
        stop = batch.getLast() == WriteRequest.STOP;
        if (stop) {
          batch.removeLast();
        }
        if (!batch.isEmpty()) {
          batches.incrementAndGet();
          new WriteBatch(connection, batch).run();
          room.release(batch.size());
        }
        batch.clear();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      failLeftovers();
      connection.close();
    }
  }

  /** Answers whatever is still queued when the thread ends, so no caller waits forever. */
  private void failLeftovers() {
    synchronized (lifecycle) {
      closing = true;
    }
    KxmException closed =
        new KxmException(ErrorCode.STORE_UNAVAILABLE, "the writer of " + store + " has stopped");
    for (WriteRequest<?> request = queue.poll(); request != null; request = queue.poll()) {
      request.fail(closed);
    }
  }
}

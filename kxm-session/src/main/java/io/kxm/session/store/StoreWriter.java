package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.thread.Joins;
import io.kxm.session.api.SessionEvent;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one thread that writes the session store. Callers queue tasks; the writer takes everything
 * queued, runs it in one transaction with a savepoint per task, commits once, publishes the events
 * of the tasks that succeeded and only then completes their futures. So an event is stored before
 * anyone sees it, publication follows seq order, and many small appends share one commit. Each run
 * the batch wrote to has its newest event handed to {@code committed} (its signed head) right after
 * the commit, before the events are published.
 *
 * <p>A task that throws is rolled back to its savepoint and fails alone. A failing statement or
 * commit (a full disk, an I/O error) fails the whole batch with {@code runtime_store_failed} and
 * publishes nothing; the writer carries on with the next batch.
 */
final class StoreWriter {
  private static final Logger LOG = LoggerFactory.getLogger(StoreWriter.class);
  private static final int MAX_BATCH = 1_000;

  /** One change to the store, run on the writer thread inside the open transaction. */
  interface Work<T> {
    T run(WriteTx tx) throws SQLException;
  }

  private record Task<T>(Work<T> work, CompletableFuture<T> future) {
    void succeed(Object value) {
      @SuppressWarnings("unchecked") // the value came from this task's own work
      T typed = (T) value;
      future.complete(typed);
    }
  }

  private static final Task<Void> STOP = new Task<>(tx -> null, new CompletableFuture<>());

  private final String name;
  private final WriteBatches batches;
  private final WriteTx tx;
  private final Consumer<List<SessionEvent>> publish;
  private final Consumer<List<WriteTx.HeadLink>> committed;
  private final BlockingQueue<Task<?>> queue = new LinkedBlockingQueue<>();
  private final Object submitLock = new Object();
  private final Thread thread;
  private final AtomicLong commits = new AtomicLong();
  private boolean stopping;
  // Events of batches whose commit got no answer (the database may have applied it before the
  // connection broke). The writer thread alone reads and writes these two.
  private List<SessionEvent> unsure = List.of();
  private boolean committing;

  /**
   * @param name how failures name the store, such as its file
   */
  StoreWriter(
      String name,
      WriteBatches batches,
      WriteTx tx,
      Consumer<List<WriteTx.HeadLink>> committed,
      Consumer<List<SessionEvent>> publish) {
    this.name = name;
    this.batches = batches;
    this.tx = tx;
    this.committed = committed;
    this.publish = publish;
    this.thread =
        Thread.ofPlatform().name("kxm-session-store-writer").daemon().unstarted(this::loop);
  }

  void start() {
    thread.start();
  }

  /** Queues {@code work}; the future completes once its batch committed, or fails. */
  <T> CompletableFuture<T> submit(Work<T> work) {
    CompletableFuture<T> future = new CompletableFuture<>();
    synchronized (submitLock) {
      if (stopping) {
        future.completeExceptionally(closed());
        return future;
      }
      queue.add(new Task<>(work, future));
    }
    return future;
  }

  /** Transactions committed so far; with many writers queued, far fewer than tasks. */
  long commits() {
    return commits.get();
  }

  boolean isWriterThread() {
    return Thread.currentThread() == thread;
  }

  /** Runs what is already queued, then stops the thread. */
  void stop() {
    if (isWriterThread()) {
      throw new IllegalStateException(
          "the session store cannot be closed from its own writer; close it from another thread");
    }
    synchronized (submitLock) {
      if (stopping) {
        return;
      }
      stopping = true;
      queue.add(STOP);
    }
    Joins.uninterruptibly(thread);
    tx.closeStatements();
  }

  static KxmException closed() {
    return new KxmException(ErrorCode.RUNTIME_STORE_FAILED, "the session store is closed");
  }

  private void loop() {
    List<Task<?>> batch = new ArrayList<>();
    while (true) {
      batch.clear();
      try {
        batch.add(queue.take());
      } catch (InterruptedException e) {
        // Only stop() ends the writer, through STOP, so queued work is never dropped.
        continue;
      }
      queue.drainTo(batch, MAX_BATCH - 1);
      int stop = batch.indexOf(STOP);
      if (stop >= 0) {
        run(batch.subList(0, stop));
        return;
      }
      run(batch);
    }
  }

  private void run(List<Task<?>> batch) {
    if (batch.isEmpty()) {
      return;
    }
    long seqBefore = tx.lastSeq();
    List<Object> results = new ArrayList<>(batch.size());
    List<SessionEvent> events = new ArrayList<>();
    List<SessionEvent> landed = List.of();
    Connection connection = null;
    committing = false;
    try {
      connection = batches.begin(tx);
      if (!unsure.isEmpty()) {
        landed = UnsureCommits.stored(connection, unsure);
      }
      commit(connection, batch, results, events);
    } catch (SQLException | RuntimeException | Error e) {
      if (committing) {
        // Committed or not, nobody can tell yet; the next batch reads which it was.
        List<SessionEvent> more = new ArrayList<>(unsure);
        more.addAll(events);
        unsure = List.copyOf(more);
      }
      // An Error is caught too: the writer must outlive any batch, or every caller after it would
      // wait forever on a future nobody completes.
      if (connection != null) {
        batches.rollback(connection);
      }
      tx.resetSeq(seqBefore);
      // A statement that failed mid-step may be left unusable; the next batch prepares afresh.
      tx.closeStatements();
      KxmException failed =
          new KxmException(
              ErrorCode.RUNTIME_STORE_FAILED,
              "the session store " + name + " could not commit a write: " + e.getMessage(),
              e);
      batch.forEach(task -> task.future().completeExceptionally(failed));
      return;
    } finally {
      if (connection != null) {
        batches.end(connection, tx);
      }
    }
    try {
      committed.accept(tx.takeBatchHeads());
    } catch (RuntimeException e) {
      // The events are committed; a head left behind its log still checks.
      LOG.warn("the session store could not move the signed heads of a committed batch", e);
    }
    if (!unsure.isEmpty()) {
      if (!landed.isEmpty()) {
        LOG.info(
            "{} events of a commit that got no answer were stored; delivering them", landed.size());
      }
      unsure = List.of();
      // lower seqs than this batch's: published first, so live delivery stays in seq order
      List<SessionEvent> all = new ArrayList<>(landed);
      all.addAll(events);
      events = all;
    }
    try {
      publish.accept(events);
    } catch (RuntimeException e) {
      // The events are committed and replay serves them; a fault in delivery must not end the
      // writer that every later change depends on.
      LOG.error("the session store could not publish {} committed events", events.size(), e);
    } finally {
      for (int i = 0; i < batch.size(); i++) {
        Object result = results.get(i);
        if (result instanceof Refused refused) {
          batch.get(i).future().completeExceptionally(refused.cause());
        } else {
          batch.get(i).succeed(result);
        }
      }
    }
  }

  /** Runs the batch in the open transaction, a savepoint per task, and commits it. */
  private void commit(
      Connection connection, List<Task<?>> batch, List<Object> results, List<SessionEvent> events)
      throws SQLException {
    try (Statement s = connection.createStatement()) {
      for (Task<?> task : batch) {
        tx.startTask();
        s.execute("SAVEPOINT task");
        try {
          Object value = task.work().run(tx);
          s.execute("RELEASE task");
          results.add(value);
          events.addAll(tx.keepTask());
        } catch (RuntimeException refused) {
          s.execute("ROLLBACK TO task");
          s.execute("RELEASE task");
          tx.dropTask();
          results.add(new Refused(refused));
        }
      }
    }
    committing = true;
    batches.commit(connection, tx);
    committing = false;
    commits.incrementAndGet();
  }

  private record Refused(RuntimeException cause) {}
}

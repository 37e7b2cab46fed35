package io.kxm.runtime.store;

import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.StoredEvent;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * One project's runs as an append-only, hash-chained event log per run. {@link RunEventStore} keeps
 * it in one SQLite file, {@link PostgresRunEventLog} in a PostgreSQL schema shared by projects.
 *
 * <p>Every append is atomic: its events, their outbox rows, its side rows and the run's projection
 * commit together or not at all, and a refused batch changes nothing. Through one handle, {@link
 * #append} reads the run, decides and writes under one lock, so callers serialize. Across handles
 * appends never interleave: on SQLite a writer on another handle that got there first makes the
 * later append fail whole; on PostgreSQL the later one waits on the run's row lock and decides on
 * the run with the first one's events. Sequences are dense from 1 per run; each event's {@code
 * prevHash} is the hash of the one before ({@link StoredEvent#GENESIS} for the first). A load sees
 * what any handle committed. Runs list in creation order; outbox rows in commit order.
 *
 * <p>Refusals: {@code run_not_found} for an unknown run, {@code run_transition_refused} for an
 * event the fold does not allow, {@code store_conflict} for a run id already taken, {@code
 * run_state_diverged} (and the gate evidence codes) when stored rows disagree with the fold.
 */
public interface RunEventLog extends AutoCloseable {

  /** Records a new run: its row and its first events, which must start with run.created. */
  RunState create(String runId, Instant at, Batch batch);

  /**
   * Reads the run, lets {@code decide} name what happens next, checks every new event against the
   * fold and commits them with their side rows. An empty batch writes nothing and returns the run
   * as it is. {@code decide} runs under the log's lock: keep it short and never call out from it.
   */
  RunState append(String runId, Instant at, Function<RunState, Batch> decide);

  /** The run folded from its log, after checking the stored projection and gate rows. */
  RunState load(String runId);

  /** Every run, oldest first. */
  List<String> runIds();

  /**
   * The runs whose recorded status is not an end state, oldest first. The status comes from the
   * projection written with each event, so a caller that acts on a run loads it first.
   */
  List<String> unfinishedRunIds();

  /** The run's events in sequence order; empty for an unknown run. */
  List<StoredEvent> events(String runId);

  /** The run's pinned plan as canonical JSON, empty before its first drive pinned one. */
  Optional<String> plan(String runId);

  /** Keeps a signed drive receipt of a run. */
  void saveReceipt(Receipt receipt);

  /**
   * The receipt with the highest head sequence (the latest issued among equals), as stored: without
   * its spend, which the events it covers hold and the caller adds back before the receipt is shown
   * or checked.
   */
  Optional<Receipt> lastReceipt(String runId);

  /**
   * The run's signed head, kept apart from the log so that a log cut short shows: empty when this
   * log keeps no heads or the run has none (it predates them, or the write of its first head was
   * lost in a crash). A head may lag its log by the events of the last append, never lead it.
   */
  Optional<SignedHead> signedHead(String runId);

  /**
   * The runs the retention purge may delete, oldest first, at most {@code limit}: those in an end
   * state whose last event is before {@code cutoff} and that have no sync row still pending (a run
   * the hub has not heard of yet is never purged).
   */
  List<String> finishedBefore(Instant cutoff, int limit);

  /**
   * Deletes up to {@code limit} runs that {@link #finishedBefore} names, each whole (events, sync
   * rows, plan, projection, gate rows, receipts and signed head), in one short write transaction;
   * returns the deleted ids. Sequences of other runs are untouched; a deleted run's id reads as
   * {@code run_not_found} afterwards.
   */
  List<String> purgeFinishedBefore(Instant cutoff, int limit);

  /** The sync rows of this log, each named as a row of project {@code projectKey}. */
  Outbox outbox(String projectKey);

  @Override
  void close();
}

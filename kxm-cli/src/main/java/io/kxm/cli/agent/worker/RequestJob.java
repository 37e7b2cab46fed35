package io.kxm.cli.agent.worker;

import io.kxm.core.peer.PeerMessage;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One inbound request while the worker works on it: its attempts, the run its current turn is in,
 * and the steers that redirected it. A steer may arrive on the stream's thread while the turn runs
 * on another, so every field is guarded by this object.
 */
final class RequestJob {
  private final PeerMessage request;
  private final List<PeerMessage> steers = new ArrayList<>();
  private int steersInTurn;
  private int attempts;
  private String runId;
  private boolean closed;
  private boolean withdrawn;
  private long startedAt;
  private static long order;
  // answered and abandoned request ids kept to ignore their replays; older ones are forgotten
  private static final int REMEMBERED = 4096;

  RequestJob(PeerMessage request) {
    this.request = request;
  }

  PeerMessage request() {
    return request;
  }

  synchronized int attempts() {
    return attempts;
  }

  /** A turn begins: the steers so far are in its prompt. */
  synchronized List<PeerMessage> beginTurn() {
    steersInTurn = steers.size();
    runId = null;
    startedAt = next();
    return List.copyOf(steers);
  }

  /**
   * Notes the run the current turn is in.
   *
   * @return whether a steer already came for this turn, so the run must be cancelled at once
   */
  synchronized boolean running(String runId) {
    this.runId = runId;
    return steeredSinceTurnBegan();
  }

  synchronized String runId() {
    return runId;
  }

  synchronized long startedAt() {
    return startedAt;
  }

  /**
   * Adds a steer to a job that is still open.
   *
   * @return the run to cancel (null when no turn runs now), or empty when the job has closed and
   *     the steer needs a turn of its own
   */
  synchronized Attached attach(PeerMessage steer) {
    if (closed) {
      return new Attached(false, null);
    }
    steers.add(steer);
    return new Attached(true, runId);
  }

  record Attached(boolean attached, String runToCancel) {}

  /** Whether steers came after the current turn started, so its outcome is not the answer. */
  synchronized boolean steeredSinceTurnBegan() {
    return steers.size() > steersInTurn;
  }

  /**
   * Closes the job once its turn completed, unless a steer arrived meanwhile.
   *
   * @return every request the answer goes to (the request and its steers), or empty when a steer
   *     arrived and another turn must run
   */
  synchronized List<PeerMessage> closeWithAnswer() {
    if (steeredSinceTurnBegan()) {
      return List.of();
    }
    closed = true;
    List<PeerMessage> all = new ArrayList<>();
    all.add(request);
    all.addAll(steers);
    return all;
  }

  /** Counts a failed attempt; closes the job when it has no attempts left. */
  synchronized int failed(int maxAttempts) {
    attempts++;
    if (attempts >= maxAttempts) {
      closed = true;
    }
    return attempts;
  }

  /**
   * The sender cancelled the request or it expired: no turn answers it any more.
   *
   * @return the run of its current turn, to cancel; null when none runs
   */
  synchronized String withdraw() {
    withdrawn = true;
    closed = true;
    return runId;
  }

  synchronized boolean withdrawn() {
    return withdrawn;
  }

  synchronized List<PeerMessage> steers() {
    return List.copyOf(steers);
  }

  private static synchronized long next() {
    return ++order;
  }

  /**
   * The job a steer redirects among {@code open}: the one of the same correlation id, else the one
   * whose turn started last; null when none is open.
   */
  static RequestJob steerTarget(Collection<RequestJob> open, PeerMessage steer) {
    return open.stream()
        .distinct()
        .max(
            Comparator.comparing((RequestJob job) ->
                    steer.correlationId() != null
                        && steer.correlationId().equals(job.request().correlationId()))
                .thenComparingLong(RequestJob::startedAt))
        .orElse(null);
  }

  /** A bounded map for a set of remembered ids that forgets the oldest first. */
  static <K> Map<K, Boolean> remembered() {
    return Collections.synchronizedMap(
        new LinkedHashMap<>(16, 0.75f, false) {
          @Override
          protected boolean removeEldestEntry(Map.Entry<K, Boolean> eldest) {
            return size() > REMEMBERED;
          }
        });
  }
}

package io.kxm.session.api;

import io.kxm.runtime.api.Outbox;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;

/**
 * The durable side of sessions: sessions, runs, messages, interactions and the event log, in one
 * store. Every change is written by one writer in store order, so each event commits before it is
 * published to {@link #live()} and live delivery sees events in {@code seq} order. Every method
 * that changes a run also appends the event that announces the change, in the same transaction.
 *
 * <p>Refusals are {@link io.kxm.core.error.KxmException}s: {@code session_not_found}, {@code
 * run_not_found}, {@code run_transition_refused}, {@code interaction_not_found}, {@code
 * interaction_already_resolved}, {@code runtime_store_failed}.
 */
public interface SessionStore extends AutoCloseable {

  /** Creates a session and appends {@code session.created}. */
  Session createSession(String workspaceRoot, HarnessSpec harness, String model);

  Optional<Session> session(String sessionId);

  /** The most recently active sessions first. */
  List<Session> sessions(int limit);

  /**
   * Closes a session: it takes no new runs ({@code session_closed}) and appends {@code
   * session.closed}; its history stays readable. Closing a closed session returns it unchanged.
   *
   * @throws io.kxm.core.error.KxmException {@code session_not_found}
   */
  Session closeSession(String sessionId);

  /**
   * Deletes a closed session whose runs all ended, with its runs, events, messages, interactions
   * and sync rows.
   *
   * @throws io.kxm.core.error.KxmException {@code session_not_found}, {@code session_not_closed}
   *     for an open session or one with a queued or running run
   */
  void deleteSession(String sessionId);

  /**
   * Creates a run in {@code queued} and appends {@code run.queued}.
   *
   * @param resumedFrom the interrupted run it continues, or null
   */
  SessionRun createRun(String sessionId, String prompt, String resumedFrom);

  Optional<SessionRun> run(String runId);

  /** The session's runs, oldest first. */
  List<SessionRun> runs(String sessionId);

  /** Runs in {@code status} across all sessions, oldest first. */
  List<SessionRun> runsIn(SessionRunStatus status);

  /**
   * Moves a run along its lifecycle and appends the status event ({@link EventTypes#forStatus})
   * carrying {@code data} plus the status fields. Reaching {@code completed}, {@code failed} or
   * {@code cancelled} also closes the run's pending interactions; {@code interrupted} leaves them
   * pending, so a person can still answer after a restart and the answer carries on in a
   * continuation run.
   *
   * @param ending what a terminal status records: outcome, error code, final message; null when
   *     moving to {@code running}
   */
  SessionRun transition(String runId, SessionRunStatus to, Ending ending, JsonNode data);

  /** What a run's end records. Any field may be null. */
  record Ending(String outcome, String error, String finalMessage) {}

  /**
   * Appends an event of a run (deltas, tool calls and results, usage, protocol errors). The future
   * completes once it committed, with its assigned {@code seq}; callers that only stream need not
   * wait, as later changes commit after it.
   */
  CompletableFuture<SessionEvent> append(String runId, String type, JsonNode data);

  /** Adds to the session's history. */
  SessionMessage appendMessage(String sessionId, String runId, String role, String content);

  /** The session's whole history, oldest first. */
  List<SessionMessage> messages(String sessionId);

  /**
   * Records a pending interaction of a running run and appends its announcing event ({@code
   * run.approval.required}, {@code run.clarification.required} or {@code run.elicitation.required})
   * with the interaction id and request.
   */
  Interaction openInteraction(String runId, String kind, JsonNode request);

  /**
   * Answers a pending interaction (of a running or an interrupted run) and appends {@code
   * interaction.resolved} with {@code answer} and any extra {@code data} fields (such as the
   * continuation run's id). Refuses an unknown id or one of another run ({@code
   * interaction_not_found}) and one already answered or closed ({@code
   * interaction_already_resolved}), changing nothing.
   */
  Interaction resolveInteraction(
      String runId, String interactionId, JsonNode answer, JsonNode data);

  Optional<Interaction> interaction(String interactionId);

  /** The run's interactions, oldest first. */
  List<Interaction> interactions(String runId);

  /**
   * Remembers the harness process of a running run, so that a supervisor restarting after a crash
   * can end the process tree it left behind.
   */
  void recordProcess(String runId, long pid, Instant processStart);

  /** Harness processes recorded for runs that are still {@code running}. */
  List<RecordedProcess> runningProcesses();

  record RecordedProcess(String runId, long pid, Instant processStart) {}

  /** Stored events of the stream with {@code seq > afterSeq}, in order, at most {@code limit}. */
  List<SessionEvent> replay(StreamKey key, long afterSeq, int limit);

  /** The run's last event (its ending, once the run is over); empty when it has none. */
  Optional<SessionEvent> lastEvent(String runId);

  /**
   * As {@link #replay}, each event already in its wire form, built around the stored JSON text
   * without parsing it again: replaying a long backlog is mostly this.
   */
  List<EncodedEvent> replayEncoded(StreamKey key, long afterSeq, int limit);

  /** The highest {@code seq} ever stored, 0 when empty; a purge never lowers it. */
  long lastSeq();

  /**
   * The highest seq of {@code key}'s stream that the retention purge deleted, 0 when none: a client
   * resuming from below it missed events. A run is purged whole, so a run stream has 0.
   */
  long purgedThrough(StreamKey key);

  /** The first seq {@code key}'s stream still holds after {@code afterSeq}, if any. */
  OptionalLong firstSeqAfter(StreamKey key, long afterSeq);

  /**
   * Deletes, in one short write, up to {@code limit} session runs that ended before {@code cutoff}
   * (with their events, interactions and sync rows; their messages stay with the session) and up to
   * {@code limit} sessions with no run left and no activity since {@code cutoff}. Rows whose sync
   * to the hub is still pending stay.
   */
  SessionsPurged purgeEndedBefore(Instant cutoff, int limit);

  /** What {@link #purgeEndedBefore} would delete now, without a limit; changes nothing. */
  SessionsPurged purgeableBefore(Instant cutoff);

  /** Where committed events are published, in {@code seq} order. */
  LiveEvents live();

  /**
   * What the store offers runtime instances that share it; empty for a store that only this process
   * uses.
   */
  default Optional<SharedSessions> shared() {
    return Optional.empty();
  }

  /**
   * Recomputes the run's hash chain (each event's hash covers its envelope and the hash before it)
   * and checks what else the chain vouches for: the run's signed head, when the store keeps heads
   * (a log may run past its head, never stop short of it); its stored status and final message
   * against its last status event; and its messages in the history against the digest its ending
   * event carries. A run the store no longer holds but whose head it kept fails, as cut off.
   */
  ChainCheck verify(String runId);

  /**
   * @param firstBadSeq the first event that does not verify (the seq after the last one stored when
   *     events were cut off); -1 when all do
   * @param firstBadType that event's type, null when all verify or the event is missing
   * @param problem a stable code for what failed ({@code event_hash_mismatch}, {@code
   *     run_log_truncated}, {@code run_head_mismatch}, {@code run_head_signature_invalid}, {@code
   *     run_row_mismatch}, {@code run_history_mismatch}), null when {@code ok}
   * @param headVerified whether a signed head of the run was found and checks out
   */
  record ChainCheck(
      String runId,
      boolean ok,
      long events,
      long firstBadSeq,
      String firstBadType,
      String problem,
      String message,
      String lastHash,
      boolean headVerified) {}

  /**
   * The sync rows of the session runs whose workspace lies in the project with key {@code
   * projectKey} (the nearest folder holding a {@code .kxm/}): one per lifecycle step of a run,
   * written with the step, for the outbox pusher of the project's hub binding.
   */
  Outbox syncOutbox(String projectKey);

  @Override
  void close();
}

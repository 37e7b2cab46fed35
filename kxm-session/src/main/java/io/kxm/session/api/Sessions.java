package io.kxm.session.api;

import java.time.Duration;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * The session service the supervisor's routes call: sessions, their turn-taking queue, the harness
 * turns, interactions, crash reconciliation and drain. One session runs at most one turn at a time;
 * sessions run side by side up to {@link SessionSettings#maxActiveRuns()}.
 */
public interface Sessions extends AutoCloseable {

  /**
   * Creates a session. A harness other than {@code command} runs a route, {@code harness + model},
   * which the workspace's {@code .kxm/routes.yaml} must admit; a refused one stores nothing and is
   * never replaced by another route.
   *
   * @throws io.kxm.core.error.KxmException {@code workspace_root_invalid}, {@code harness_invalid},
   *     {@code route_not_admitted}, {@code route_vendor_mismatch}, {@code config_tree_invalid}
   */
  Session create(String workspaceRoot, HarnessSpec harness, String model);

  /**
   * @throws io.kxm.core.error.KxmException {@code session_not_found}
   */
  Session session(String sessionId);

  List<Session> list(int limit);

  /**
   * Queues a turn. It starts when the session's earlier turns ended and a global slot is free. The
   * session's route is admitted again first, as {@code routes.yaml} may have changed since.
   *
   * @throws io.kxm.core.error.KxmException {@code server_draining} once a drain began, {@code
   *     session_queue_full}, {@code run_prompt_invalid}, {@code route_not_admitted}, {@code
   *     route_vendor_mismatch}
   */
  SessionRun submit(String sessionId, String prompt);

  /**
   * @throws io.kxm.core.error.KxmException {@code run_not_found}
   */
  SessionRun run(String runId);

  List<SessionRun> runs(String sessionId);

  /**
   * Cancels a queued run at once, or a running one by ending its harness process tree.
   *
   * @throws io.kxm.core.error.KxmException {@code run_terminal} when it already ended
   */
  SessionRun cancel(String runId);

  /**
   * Closes a session: it takes no new turns from now on, and its queued and running runs are
   * cancelled. Its history, runs and events stay readable until it is deleted.
   *
   * @throws io.kxm.core.error.KxmException {@code session_not_found}
   */
  Session close(String sessionId);

  /**
   * Deletes a closed session and everything stored of it.
   *
   * @throws io.kxm.core.error.KxmException {@code session_not_found}, {@code session_not_closed}
   */
  void delete(String sessionId);

  /**
   * Answers a pending interaction. While the run still runs, the answer goes to its harness. When
   * the run was interrupted (the supervisor restarted while it waited), a continuation run is
   * queued in the same session with the answer and the durable history.
   *
   * @param answer {@code {"approved": bool, "answer": text, "by": name}}
   */
  Resolved resolve(String runId, String interactionId, JsonNode answer);

  /**
   * @param continuation the run queued to carry the answer on, or null when the running harness
   *     received it
   */
  record Resolved(Interaction interaction, SessionRun continuation) {}

  List<Interaction> interactions(String runId);

  List<SessionMessage> history(String sessionId);

  /**
   * Whether the session's state is held in memory now: its history, loaded from the store by a turn
   * or an open stream, and dropped again once the session has had neither for the idle setting
   * ({@code KXM_SESSION_IDLE_TTL_MS}). The store keeps everything either way.
   */
  boolean isResident(String sessionId);

  /** How many sessions are held in memory now. */
  int residentSessions();

  /**
   * Holds the session in memory until the returned hold closes, loading it from the store when it
   * is not; an open event stream holds its session so that it is not evicted while watched.
   */
  Hold hold(String sessionId);

  /** A session held in memory; closing it lets idle eviction count from now. */
  interface Hold extends AutoCloseable {
    @Override
    void close();
  }

  /** The store behind it, for streams and verification. */
  SessionStore store();

  /** Whether a drain began; new runs are refused from then on. */
  boolean isDraining();

  /**
   * Refuses new runs, waits up to {@code grace} for the active ones, then ends the rest as {@code
   * interrupted} ({@code shutdown_grace_expired}) and their queued followers as well.
   *
   * @return whether every run ended within the grace
   */
  boolean drain(Duration grace) throws InterruptedException;

  @Override
  void close();
}

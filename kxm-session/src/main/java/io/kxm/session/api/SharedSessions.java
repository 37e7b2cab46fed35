package io.kxm.session.api;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * What a session store shared by several runtime instances adds: which instance owns a session (and
 * so takes its queued runs), which one executes a running run, and every instance's committed
 * events as they land. Only a store opened for a runtime instance on a shared database has it.
 */
public interface SharedSessions {

  /** The runtime instance this store handle writes for. */
  String instanceId();

  /** The instance that owns the session; empty when none does (a session from before owners). */
  Optional<String> owner(String sessionId);

  /**
   * Makes this instance the session's owner if {@code expected} still is (empty: no owner).
   *
   * @return whether this instance owns it now
   */
  boolean takeOver(String sessionId, Optional<String> expected);

  /**
   * Makes this instance the owner of every session {@code deadInstance} owned; returns their ids.
   */
  List<String> takeAllOf(String deadInstance);

  /** The instance executing the run, once it started; empty before and for old rows. */
  Optional<String> executor(String runId);

  /**
   * Runs in {@code running} that {@code instanceId} executes, oldest first; with null, the running
   * runs that record no instance (left from before instances were recorded).
   */
  List<SessionRun> runningOn(String instanceId);

  /**
   * Hands {@code listener} each batch of events any instance committed, read back from the store in
   * {@code seq} order, after this handle's live subscribers got them. It runs on the store's
   * follower thread and must hand slow work elsewhere.
   */
  void onCommitted(Consumer<List<SessionEvent>> listener);
}

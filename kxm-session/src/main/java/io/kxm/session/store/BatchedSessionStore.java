package io.kxm.session.store;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.receipt.SignedHeads;
import io.kxm.session.api.EncodedEvent;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.LiveEvents;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore;
import io.kxm.session.api.SessionsPurged;
import io.kxm.session.api.StreamKey;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import tools.jackson.databind.JsonNode;

/**
 * The session store on any backend: every change is a task for the {@link StoreWriter}, which
 * commits queued tasks together and then publishes their events to {@link #live()}; reads go to the
 * {@link StoreReader} and never wait for it. The backends differ only in how a batch's transaction
 * begins and ends ({@link WriteBatches}), where reads get connections ({@link ReadSource}) and a
 * few words of SQL ({@link SessionDialect}).
 */
abstract class BatchedSessionStore implements SessionStore {
  private final Clock clock;
  private final StoreWriter writer;
  private final StoreReader reader;
  private final LiveFanout live;
  private final Runnable closeResources;

  /** Null when this store keeps no heads: a log longer than its head still checks. */
  private final SignedHeads heads;

  /**
   * @param closeResources closes what the backend holds (a connection, a pool) once the writer
   *     stopped and the readers closed
   */
  BatchedSessionStore(
      Clock clock,
      StoreWriter writer,
      StoreReader reader,
      LiveFanout live,
      SignedHeads heads,
      Runnable closeResources) {
    this.clock = clock;
    this.writer = writer;
    this.reader = reader;
    this.live = live;
    this.heads = heads;
    this.closeResources = closeResources;
  }

  @Override
  public Session createSession(String workspaceRoot, HarnessSpec harness, String model) {
    return await(SessionWrites.create(clock, workspaceRoot, harness, model));
  }

  @Override
  public Optional<Session> session(String sessionId) {
    return reader.session(sessionId);
  }

  @Override
  public List<Session> sessions(int limit) {
    requirePositive("limit", limit);
    return reader.sessions(limit);
  }

  @Override
  public Session closeSession(String sessionId) {
    return await(SessionWrites.close(sessionId));
  }

  @Override
  public void deleteSession(String sessionId) {
    List<String> runIds = reader.runs(sessionId).stream().map(SessionRun::id).toList();
    await(SessionWrites.delete(sessionId));
    if (heads != null) {
      heads.forget(runIds);
    }
  }

  @Override
  public long purgedThrough(StreamKey key) {
    return key.kind() == StreamKey.Kind.SESSION ? reader.purgedThrough(key.id()) : 0;
  }

  @Override
  public OptionalLong firstSeqAfter(StreamKey key, long afterSeq) {
    return reader.firstSeqAfter(key, afterSeq);
  }

  @Override
  public SessionsPurged purgeEndedBefore(Instant cutoff, int limit) {
    requirePositive("limit", limit);
    SessionsPurged purged = await(SessionPurges.purge(cutoff, limit));
    if (heads != null && !purged.runIds().isEmpty()) {
      heads.forget(purged.runIds());
    }
    return purged;
  }

  @Override
  public SessionsPurged purgeableBefore(Instant cutoff) {
    return SessionPurges.count(reader, cutoff);
  }

  @Override
  public SessionRun createRun(String sessionId, String prompt, String resumedFrom) {
    return await(SessionWrites.createRun(clock, sessionId, prompt, resumedFrom));
  }

  @Override
  public Optional<SessionRun> run(String runId) {
    return reader.run(runId);
  }

  @Override
  public List<SessionRun> runs(String sessionId) {
    return reader.runs(sessionId);
  }

  @Override
  public List<SessionRun> runsIn(SessionRunStatus status) {
    return reader.runsIn(status);
  }

  @Override
  public SessionRun transition(String runId, SessionRunStatus to, Ending ending, JsonNode data) {
    return await(RunWrites.transition(runId, to, ending, data));
  }

  @Override
  public CompletableFuture<SessionEvent> append(String runId, String type, JsonNode data) {
    return writer.submit(RunWrites.append(runId, type, data));
  }

  @Override
  public SessionMessage appendMessage(String sessionId, String runId, String role, String content) {
    return await(SessionWrites.appendMessage(sessionId, runId, role, content));
  }

  @Override
  public List<SessionMessage> messages(String sessionId) {
    return reader.messages(sessionId);
  }

  @Override
  public Interaction openInteraction(String runId, String kind, JsonNode request) {
    return await(InteractionWrites.open(clock, runId, kind, request));
  }

  @Override
  public Interaction resolveInteraction(
      String runId, String interactionId, JsonNode answer, JsonNode data) {
    return await(InteractionWrites.resolve(runId, interactionId, answer, data));
  }

  @Override
  public Optional<Interaction> interaction(String interactionId) {
    return reader.interaction(interactionId);
  }

  @Override
  public List<Interaction> interactions(String runId) {
    return reader.interactions(runId);
  }

  @Override
  public void recordProcess(String runId, long pid, Instant processStart) {
    await(RunWrites.recordProcess(runId, pid, processStart));
  }

  @Override
  public List<RecordedProcess> runningProcesses() {
    return reader.runningProcesses();
  }

  @Override
  public List<SessionEvent> replay(StreamKey key, long afterSeq, int limit) {
    checkReplay(key, afterSeq, limit);
    return reader.replay(key, afterSeq, limit);
  }

  @Override
  public Optional<SessionEvent> lastEvent(String runId) {
    CallerChecks.text("runId", runId);
    return reader.lastEvent(runId);
  }

  @Override
  public List<EncodedEvent> replayEncoded(StreamKey key, long afterSeq, int limit) {
    checkReplay(key, afterSeq, limit);
    return reader.replayEncoded(key, afterSeq, limit);
  }

  private static void checkReplay(StreamKey key, long afterSeq, int limit) {
    if (key == null || key.kind() == null || key.id() == null) {
      throw new IllegalArgumentException("replay needs a stream key with a kind and an id");
    }
    if (afterSeq < 0) {
      throw new IllegalArgumentException("afterSeq must not be negative, not " + afterSeq);
    }
    requirePositive("limit", limit);
  }

  @Override
  public long lastSeq() {
    return reader.lastSeq();
  }

  @Override
  public LiveEvents live() {
    return live;
  }

  /**
   * Session events ({@code session.created}) are not part of any chain; a run's chain starts at
   * {@code run.queued}. A check of an unknown run is refused with {@code run_not_found}.
   */
  @Override
  public ChainCheck verify(String runId) {
    CallerChecks.text("runId", runId);
    Optional<SignedHead> head = heads == null ? Optional.empty() : heads.head(runId);
    return reader
        .verify(runId, head)
        .orElseThrow(() ->
            new KxmException(io.kxm.core.error.ErrorCode.RUN_NOT_FOUND, "no session run " + runId));
  }

  @Override
  public Outbox syncOutbox(String projectKey) {
    CallerChecks.text("projectKey", projectKey);
    return new SessionSyncOutbox(projectKey, reader, this::await);
  }

  /** Commits what is queued, stops the writer and closes the store; later calls are refused. */
  @Override
  public void close() {
    writer.stop();
    live.close();
    reader.close();
    closeResources.run();
    if (heads != null) {
      heads.close();
    }
  }

  /** The writer, for tests that need to act inside its transaction (such as filling the disk). */
  StoreWriter writer() {
    return writer;
  }

  private <T> T await(StoreWriter.Work<T> work) {
    if (writer.isWriterThread()) {
      throw new IllegalStateException(
          "a store write awaited on the store's own writer would never finish;"
              + " chain on the future instead");
    }
    try {
      return writer.submit(work).join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw e;
    }
  }

  private static void requirePositive(String name, int value) {
    if (value < 1) {
      throw new IllegalArgumentException(name + " must be at least 1, not " + value);
    }
  }
}

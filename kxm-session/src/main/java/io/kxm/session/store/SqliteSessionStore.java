package io.kxm.session.store;

import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.receipt.Receipts;
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
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import tools.jackson.databind.JsonNode;

/**
 * The session store on one SQLite file ({@code runtime/sessions.db}): created 0600, a link refused,
 * WAL, schema migrated by Flyway (see {@link SessionSchema}). Every change goes through one writer
 * thread that commits queued changes together and then publishes their events to {@link #live()};
 * reads use a few connections of their own and never wait for it.
 */
public final class SqliteSessionStore implements SessionStore {
  /** The signed heads of the store's runs, in a file of their own beside it. */
  public static final String HEADS_FILE = "session-heads.db";

  /** The session store's schema, for tools that inspect the file without opening the store. */
  public static final SqliteSchema SCHEMA = SessionSchema.SCHEMA;

  /** Enough for a handful of streams replaying at once; each costs a file handle and a cache. */
  private static final int READ_CONNECTIONS = 4;

  private final Clock clock;
  private final StoreWriter writer;
  private final StoreReader reader;
  private final LiveFanout live;
  private final Connection writeConnection;

  /** Null when this store keeps no heads: a log longer than its head still checks. */
  private final SignedHeads heads;

  private SqliteSessionStore(
      Clock clock,
      StoreWriter writer,
      StoreReader reader,
      LiveFanout live,
      Connection writeConnection,
      SignedHeads heads) {
    this.clock = clock;
    this.writer = writer;
    this.reader = reader;
    this.live = live;
    this.writeConnection = writeConnection;
    this.heads = heads;
  }

  /**
   * The harness processes the store at {@code file} records for runs still marked running, read on
   * a read-only connection without creating or migrating anything, for a health check that must not
   * change the file; empty when there is no file or it is not at this build's schema.
   */
  public static List<RecordedProcess> peekRunningProcesses(Path file) {
    if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    SqliteDatabase database = SessionSchema.database(file);
    try (Connection c = database.reader()) {
      return SessionSchema.current(c) ? StoreReader.runningProcesses(c) : List.of();
    } catch (SQLException e) {
      throw database.failure(e, "read the recorded harness processes");
    }
  }

  /**
   * Opens or creates the store at {@code file} without keeping heads, for tests of the file; {@code
   * clock} stamps ids, events and rows.
   */
  public static SqliteSessionStore open(Path file, Clock clock) {
    return open(file, clock, null);
  }

  /**
   * Opens or creates the store at {@code file}; with a {@code signer}, every run's signed head is
   * kept in {@value #HEADS_FILE} beside it and moved after each commit.
   */
  public static SqliteSessionStore open(Path file, Clock clock, Receipts signer) {
    SqliteDatabase database = SessionSchema.database(file).prepare();
    Connection write = database.writer();
    ReadConnections read = null;
    SignedHeads heads = null;
    try {
      SessionSchema.ensure(database, write);
      heads = signer == null ? null : SignedHeads.open(file.resolveSibling(HEADS_FILE), signer);
      read = new ReadConnections(file, READ_CONNECTIONS);
      StoreReader reader = new StoreReader(file, read);
      LiveFanout live = new LiveFanout();
      WriteTx tx = new WriteTx(write, clock, reader.lastSeq());
      SignedHeads signed = heads;
      StoreWriter writer =
          new StoreWriter(
              file,
              write,
              tx,
              links -> {
                if (signed != null) {
                  links.forEach(l -> signed.advance(l.runId(), l.seq(), l.hash()));
                }
              },
              live::publish);
      writer.start();
      return new SqliteSessionStore(clock, writer, reader, live, write, heads);
    } catch (RuntimeException e) {
      closeBoth(write, read);
      if (heads != null) {
        heads.close();
      }
      throw e;
    }
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

  /** Commits what is queued, stops the writer and closes the file; later calls are refused. */
  @Override
  public void close() {
    writer.stop();
    live.close();
    reader.close();
    SqliteDatabase.closeQuietly(writeConnection);
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

  private static void closeBoth(Connection write, ReadConnections read) {
    SqliteDatabase.closeQuietly(write);
    if (read != null) {
      read.close();
    }
  }
}

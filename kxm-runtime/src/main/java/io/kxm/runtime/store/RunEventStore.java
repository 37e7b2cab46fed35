package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.receipt.SignedHeads;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunFold;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.store.jdbc.ReusedStatements;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One project's {@link RunEventLog} in SQLite: an append-only, hash-chained event log per run, each
 * event committed with its outbox row and the run's projection. Reads fold the log and refuse a
 * projection or gate row that disagrees with it.
 *
 * <p>One connection serves all callers under this object's lock; every write is one short
 * transaction, and nothing slow (a producer, a gate process) ever runs while the lock is held.
 *
 * <p>A drive loads its run before every step, so folding the whole log each time would make a run
 * quadratic in its length. The store keeps the last fold of recent runs and reads only the events
 * after it; the cached head must still be in the log with the same hash, or the run is folded again
 * from its first event. Another process appending to the same file is caught the same way.
 *
 * <p>Opened with a signer, the store keeps each run's signed head in {@code run-heads.db} beside
 * its file ({@link SignedHeads}), moved after every create and append has committed.
 */
public final class RunEventStore implements RunEventLog {
  private static final int FOLDS_KEPT = 256;

  /** Run tables a run's rows live in, children first; {@code runs} itself goes last. */
  private static final List<String> RUN_TABLES =
      List.of(
          "events",
          "outbox",
          "run_plans",
          "attempt_capabilities",
          "gate_evidence",
          "drive_receipts",
          "run_state",
          "runs");

  /** The event store's schema: Flyway migrations under {@code db/runtime/events}. */
  public static final SqliteSchema SCHEMA =
      new SqliteSchema(
          "runtime store",
          "db/runtime/events",
          1,
          1,
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID);

  /** Prompts of runs are kept next to the store; that file must not be a link either. */
  private static final String PROMPTS_SUFFIX = ".run-prompts.json";

  /** The signed heads of this store's runs, in a file of their own beside it. */
  public static final String HEADS_FILE = "run-heads.db";

  private final Path file;
  private final SqliteDatabase database;
  private static final int CACHED_STATEMENTS = 48;
  private final Connection connection;

  /** Null when this handle keeps no heads: a log longer than its head still checks. */
  private final SignedHeads heads;

  /** The last fold of recently used runs, oldest first; guarded by this object's lock. */
  private final Map<String, RunState> folds =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, RunState> eldest) {
          return size() > FOLDS_KEPT;
        }
      };

  private RunEventStore(
      Path file, SqliteDatabase database, Connection connection, SignedHeads heads) {
    this.file = file;
    this.database = database;
    // A drive reads and writes the same few statements at every step; preparing each anew was
    // nearly a third of SQLite's own time in a drive's profile.
    this.connection = ReusedStatements.on(connection, CACHED_STATEMENTS);
    this.heads = heads;
  }

  /** Opens the store without keeping heads, for readers of the outbox and tests of the file. */
  public static RunEventStore open(Path db) {
    return open(db, null);
  }

  /**
   * Opens the store at {@code db}; with a {@code signer}, every run's head is signed into {@code
   * run-heads.db} beside it.
   */
  public static RunEventStore open(Path db, Receipts signer) {
    SqliteDatabase database = SqliteDatabase.runtime(db, "runtime store").prepare(PROMPTS_SUFFIX);
    Connection c = database.writer();
    try {
      SCHEMA.ensure(database, c);
      SignedHeads heads =
          signer == null ? null : SignedHeads.open(db.resolveSibling(HEADS_FILE), signer);
      return new RunEventStore(db, database, c, heads);
    } catch (RuntimeException e) {
      SqliteDatabase.closeQuietly(c);
      throw e;
    }
  }

  public Path file() {
    return file;
  }

  @Override
  public Outbox outbox(String projectKey) {
    return new Outboxes(this, projectKey);
  }

  @Override
  public synchronized RunState create(String runId, Instant at, Batch batch) {
    if (batch.isEmpty() || !(batch.events().getFirst() instanceof RunEvent.RunCreated created)) {
      throw new IllegalArgumentException("a new run starts with run.created");
    }
    List<StoredEvent> sealed = new ArrayList<>();
    RunState state = seal(runId, null, at, batch, sealed);
    write(
        "create run " + runId,
        c -> {
          if (exists(c, runId)) {
            throw new KxmException(
                ErrorCode.STORE_CONFLICT, "run " + runId + " already exists in " + file);
          }
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO runs (run_id, workflow_id, prompt_sha256, rev_bundle, rev_memory,"
                      + " rev_executor_policy, rev_tool_policy, created_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?)")) {
            s.setString(1, runId);
            s.setString(2, created.workflowId());
            s.setString(3, created.promptSha256());
            s.setString(4, created.revisions().bundle());
            s.setString(5, created.revisions().memory());
            s.setString(6, created.revisions().executorPolicy());
            s.setString(7, created.revisions().toolPolicy());
            s.setString(8, at.toString());
            s.executeUpdate();
          }
          insert(c, runId, sealed, batch.rows(), state, true);
          return state;
        });
    folds.put(runId, state);
    advanceHead(state);
    return state;
  }

  @Override
  public synchronized RunState append(String runId, Instant at, Function<RunState, Batch> decide) {
    RunState current = load(runId);
    Batch batch = decide.apply(current);
    if (batch.isEmpty()) {
      return current;
    }
    List<StoredEvent> sealed = new ArrayList<>();
    RunState next = seal(runId, current, at, batch, sealed);
    write(
        "append to run " + runId,
        c -> {
          insert(c, runId, sealed, batch.rows(), next, false);
          return next;
        });
    folds.put(runId, next);
    advanceHead(next);
    return next;
  }

  @Override
  public synchronized RunState load(String runId) {
    RunState state = foldedFromCache(runId).orElseGet(() -> foldAll(runId));
    folds.remove(runId);
    Projections.check(this, state);
    GateRows.check(this, state);
    folds.put(runId, state);
    return state;
  }

  private RunState foldAll(String runId) {
    List<StoredEvent> events = events(runId);
    if (events.isEmpty()) {
      throw new KxmException(ErrorCode.RUN_NOT_FOUND, "no run " + runId + " in " + file);
    }
    return RunFold.fold(events);
  }

  /** The cached fold moved on by the events after it, if its head is still the log's. */
  private Optional<RunState> foldedFromCache(String runId) {
    RunState cached = folds.get(runId);
    if (cached == null) {
      return Optional.empty();
    }
    List<StoredEvent> tail = eventsFrom(runId, cached.lastSequence());
    if (tail.isEmpty()
        || tail.getFirst().sequence() != cached.lastSequence()
        || !tail.getFirst().hash().equals(cached.lastHash())) {
      return Optional.empty();
    }
    RunState state = cached;
    for (StoredEvent e : tail.subList(1, tail.size())) {
      state = RunFold.apply(state, e);
    }
    return Optional.of(state);
  }

  @Override
  public synchronized List<String> runIds() {
    return read(
        "list runs",
        c -> {
          List<String> out = new ArrayList<>();
          try (PreparedStatement s = c.prepareStatement("SELECT run_id FROM runs ORDER BY rowid");
              ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              out.add(rs.getString(1));
            }
          }
          return out;
        });
  }

  @Override
  public synchronized List<String> unfinishedRunIds() {
    return read(
        "list unfinished runs",
        c -> {
          List<String> out = new ArrayList<>();
          try (PreparedStatement s =
                  c.prepareStatement(
                      "SELECT r.run_id, s.status FROM runs r JOIN run_state s ON s.run_id = r.run_id"
                          + " ORDER BY r.rowid");
              ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
              if (!RunStatus.fromWire(rs.getString(2)).terminal()) {
                out.add(rs.getString(1));
              }
            }
          }
          return out;
        });
  }

  @Override
  public synchronized List<StoredEvent> events(String runId) {
    return eventsFrom(runId, 1);
  }

  /** The run's events from sequence {@code first} on, in order. */
  private List<StoredEvent> eventsFrom(String runId, long first) {
    return read(
        "read the events of run " + runId,
        c -> {
          List<StoredEvent> out = new ArrayList<>();
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT seq, type, at, prev_hash, body, hash FROM events"
                      + " WHERE run_id = ? AND seq >= ? ORDER BY seq")) {
            s.setString(1, runId);
            s.setLong(2, first);
            try (ResultSet rs = s.executeQuery()) {
              while (rs.next()) {
                out.add(
                    new StoredEvent(
                        runId,
                        rs.getLong(1),
                        rs.getString(2),
                        Instant.parse(rs.getString(3)),
                        rs.getString(4),
                        rs.getString(5),
                        rs.getString(6)));
              }
            }
          }
          return out;
        });
  }

  @Override
  public synchronized List<String> finishedBefore(Instant cutoff, int limit) {
    return read("list runs past retention", c -> finishedBefore(c, cutoff, limit));
  }

  @Override
  public synchronized List<String> purgeFinishedBefore(Instant cutoff, int limit) {
    List<String> deleted =
        write(
            "purge runs finished before " + cutoff,
            c -> {
              List<String> due = finishedBefore(c, cutoff, limit);
              for (String table : RUN_TABLES) {
                try (PreparedStatement s =
                    c.prepareStatement("DELETE FROM " + table + " WHERE run_id = ?")) {
                  for (String runId : due) {
                    s.setString(1, runId);
                    s.addBatch();
                  }
                  s.executeBatch();
                }
              }
              return due;
            });
    deleted.forEach(folds::remove);
    if (heads != null && !deleted.isEmpty()) {
      heads.forget(deleted);
    }
    return deleted;
  }

  /**
   * Candidates by their projection, which moves with every event: end state, last change before the
   * cutoff, no sync row pending. Times are compared as instants, not as text, since stored instants
   * differ in how many fraction digits they show.
   */
  private static List<String> finishedBefore(Connection c, Instant cutoff, int limit)
      throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement s =
            c.prepareStatement(
                "SELECT s.run_id, s.status, s.updated_at FROM run_state s"
                    + " WHERE NOT EXISTS (SELECT 1 FROM outbox o"
                    + " WHERE o.run_id = s.run_id AND o.state = 'pending')"
                    + " ORDER BY s.rowid");
        ResultSet rs = s.executeQuery()) {
      while (rs.next() && out.size() < limit) {
        if (RunStatus.fromWire(rs.getString(2)).terminal()
            && Instant.parse(rs.getString(3)).isBefore(cutoff)) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  @Override
  public synchronized Optional<String> plan(String runId) {
    return read(
        "read the plan of run " + runId,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement("SELECT plan FROM run_plans WHERE run_id = ?")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
              return rs.next() ? Optional.of(rs.getString(1)) : Optional.<String>empty();
            }
          }
        });
  }

  @Override
  public synchronized void saveReceipt(Receipt r) {
    write(
        "save a receipt of run " + r.runId(),
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "INSERT INTO drive_receipts (receipt_id, run_id, kind, run_status, head_seq,"
                      + " head_hash, issued_at, key_id, signature) VALUES (?, ?, ?, ?, ?, ?, ?, ?,"
                      + " ?)")) {
            s.setString(1, r.receiptId());
            s.setString(2, r.runId());
            s.setString(3, r.kind());
            s.setString(4, r.runStatus());
            s.setLong(5, r.headSequence());
            s.setString(6, r.headHash());
            s.setString(7, r.issuedAt().toString());
            s.setString(8, r.keyId());
            s.setString(9, r.signature());
            s.executeUpdate();
          }
          return null;
        });
  }

  /**
   * The run's last receipt as stored, without its spend, which the events it covers hold; {@code
   * ProjectRuntime} adds it back before anyone sees or checks the receipt.
   */
  @Override
  public synchronized Optional<Receipt> lastReceipt(String runId) {
    return read(
        "read the receipt of run " + runId,
        c -> {
          try (PreparedStatement s =
              c.prepareStatement(
                  "SELECT receipt_id, run_id, kind, run_status, head_seq, head_hash, issued_at,"
                      + " key_id, signature FROM drive_receipts WHERE run_id = ?"
                      + " ORDER BY head_seq DESC, issued_at DESC, rowid DESC LIMIT 1")) {
            s.setString(1, runId);
            try (ResultSet rs = s.executeQuery()) {
              if (!rs.next()) {
                return Optional.empty();
              }
              return Optional.of(
                  new Receipt(
                      rs.getString(1),
                      rs.getString(2),
                      rs.getString(3),
                      rs.getString(4),
                      rs.getLong(5),
                      rs.getString(6),
                      Instant.parse(rs.getString(7)),
                      rs.getString(8),
                      rs.getString(9),
                      // derived from the events it covers: see ProjectRuntime's receipt reads
                      null));
            }
          }
        });
  }

  @Override
  public synchronized Optional<SignedHead> signedHead(String runId) {
    return heads == null ? Optional.empty() : heads.head(runId);
  }

  @Override
  public synchronized void close() {
    SqliteDatabase.closeQuietly(connection);
    if (heads != null) {
      heads.close();
    }
  }

  /** After the commit, never before: a head ahead of its log would read as a cut log. */
  private void advanceHead(RunState state) {
    if (heads != null) {
      heads.advance(state.runId(), state.lastSequence(), state.lastHash());
    }
  }

  private static RunState seal(
      String runId, RunState from, Instant at, Batch batch, List<StoredEvent> out) {
    RunState state = from;
    for (RunEvent event : batch.events()) {
      long seq = state == null ? 1 : state.lastSequence() + 1;
      String prev = state == null ? StoredEvent.GENESIS : state.lastHash();
      StoredEvent e = StoredEvent.seal(runId, seq, at, prev, event);
      state = RunFold.apply(state, e);
      out.add(e);
    }
    return state;
  }

  private static boolean exists(Connection c, String runId) throws SQLException {
    try (PreparedStatement s = c.prepareStatement("SELECT 1 FROM runs WHERE run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static void insert(
      Connection c,
      String runId,
      List<StoredEvent> events,
      List<SideRow> rows,
      RunState state,
      boolean first)
      throws SQLException {
    try (PreparedStatement ev =
            c.prepareStatement(
                "INSERT INTO events (run_id, seq, type, at, prev_hash, body, hash)"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?)");
        PreparedStatement ob =
            c.prepareStatement(
                "INSERT INTO outbox (run_id, seq, type, at, data) VALUES (?, ?, ?, ?, ?)")) {
      for (StoredEvent e : events) {
        ev.setString(1, runId);
        ev.setLong(2, e.sequence());
        ev.setString(3, e.type());
        ev.setString(4, e.at().toString());
        ev.setString(5, e.prevHash());
        ev.setString(6, e.body());
        ev.setString(7, e.hash());
        ev.addBatch();
        ob.setString(1, runId);
        ob.setLong(2, e.sequence());
        ob.setString(3, e.type());
        ob.setString(4, e.at().toString());
        ob.setString(5, Json.write(Json.read(e.body()).get("data")));
        ob.addBatch();
      }
      ev.executeBatch();
      ob.executeBatch();
    }
    for (SideRow row : rows) {
      SideRows.insert(c, runId, row);
    }
    Projections.write(c, state, first);
  }

  interface SqlWork<T> {
    T run(Connection c) throws SQLException;
  }

  synchronized <T> T read(String what, SqlWork<T> work) {
    try {
      return work.run(connection);
    } catch (SQLException e) {
      throw database.failure(e, what);
    }
  }

  synchronized <T> T write(String what, SqlWork<T> work) {
    try {
      connection.setAutoCommit(false);
      try {
        T out = work.run(connection);
        connection.commit();
        return out;
      } catch (SQLException | RuntimeException e) {
        connection.rollback();
        throw e;
      } finally {
        connection.setAutoCommit(true);
      }
    } catch (SQLException e) {
      throw database.failure(e, what);
    }
  }
}

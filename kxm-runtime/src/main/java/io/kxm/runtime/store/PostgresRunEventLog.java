package io.kxm.runtime.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.Receipt;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.receipt.SignedHead;
import io.kxm.runtime.run.RunEvent;
import io.kxm.runtime.run.RunFold;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.run.RunStatus;
import io.kxm.runtime.run.StoredEvent;
import io.kxm.store.jdbc.Jdbc;
import io.kxm.store.postgres.PostgresDatabase;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * One project's {@link RunEventLog} in the runtime's PostgreSQL schema {@code <prefix>_runs}, which
 * holds every project's runs (keyed by project) so that several runtime instances share them.
 *
 * <p>An append takes a row lock on the run ({@code SELECT … FOR UPDATE} on its {@code runs} row),
 * then reads the run, decides, checks the fold and writes events, outbox rows, side rows,
 * projection and signed head in the same transaction. Two instances appending to one run therefore
 * serialize in the database, and the later one decides on the run including the first one's events;
 * the primary key on (project, run, sequence) refuses a sequence taken twice. A write that lost a
 * deadlock runs again, {@code decide} included, which is why it must not call out.
 *
 * <p>The signed head sits in {@code run_heads}, a table apart from the projection that every read
 * compares with the fold: its rows are signed with the runtime's receipt key, which is not in the
 * database, so whoever rewrites events and projection together still cannot move a head back. It is
 * written in the append's own transaction, so on PostgreSQL a head never lags its log.
 *
 * <p>This handle does not own the database: one {@link PostgresDatabase} (one pool) serves every
 * project of a process, and closing a log leaves it open.
 *
 * <p>Longer than most files because it is the whole port in one place, lock and fold included; the
 * statements on side rows, the outbox, receipts and heads live in {@link PostgresRunRows}, {@link
 * PostgresRunOutbox} and {@link PostgresRunReceipts}.
 */
public final class PostgresRunEventLog implements RunEventLog {
  /** Where the migrations of the runs schema are. */
  public static final String MIGRATIONS = "db/runtime-pg/runs";

  /** The store's name in {@link RuntimeDatabase#schemaFor}. */
  public static final String STORE = "runs";

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
          "run_heads",
          "runs");

  private final PostgresDatabase database;
  private final String projectKey;

  /** Null when this handle keeps no heads, as for readers of the outbox. */
  private final Receipts signer;

  /** The last fold of recently used runs; guarded by itself. */
  private final Map<String, RunState> folds =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, RunState> eldest) {
          return size() > FOLDS_KEPT;
        }
      };

  private PostgresRunEventLog(PostgresDatabase database, String projectKey, Receipts signer) {
    this.database = database;
    this.projectKey = projectKey;
    this.signer = signer;
  }

  /** Opens and migrates the runs schema of {@code runtime}, to share between projects. */
  public static PostgresDatabase openDatabase(RuntimeDatabase runtime, Clock clock) {
    return PostgresDatabase.open(
        runtime.schemaFor(STORE),
        MIGRATIONS,
        "runtime runs store " + runtime.schemaFor(STORE),
        "kxm-runtime-runs",
        runtime.poolSize(),
        clock);
  }

  /**
   * The runs of project {@code projectKey} in {@code database}; with a {@code signer}, every append
   * also signs the run's head.
   */
  public static PostgresRunEventLog open(
      PostgresDatabase database, String projectKey, Receipts signer) {
    if (projectKey == null || projectKey.isBlank()) {
      throw new IllegalArgumentException("a run event log belongs to a project");
    }
    return new PostgresRunEventLog(database, projectKey, signer);
  }

  public String projectKey() {
    return projectKey;
  }

  /** The keys of the projects with runs in {@code database}, in order. */
  public static List<String> projectKeys(PostgresDatabase database) {
    try {
      return database.read(jdbc ->
          jdbc.about("list the projects with runs")
              .list(
                  "SELECT DISTINCT project_key FROM runs ORDER BY project_key",
                  row -> row.stringAt(1)));
    } catch (KxmException e) {
      throw failure(e);
    }
  }

  @Override
  public Outbox outbox(String key) {
    return new PostgresRunOutbox(this, key);
  }

  @Override
  public RunState create(String runId, Instant at, Batch batch) {
    if (batch.isEmpty() || !(batch.events().getFirst() instanceof RunEvent.RunCreated created)) {
      throw new IllegalArgumentException("a new run starts with run.created");
    }
    List<StoredEvent> sealed = new ArrayList<>();
    RunState state = seal(runId, null, at, batch, sealed);
    write(
        "create run " + runId,
        jdbc -> {
          int added =
              jdbc.update(
                  "INSERT INTO runs (project_key, run_id, workflow_id, prompt_sha256, rev_bundle,"
                      + " rev_memory, rev_executor_policy, rev_tool_policy, created_at)"
                      + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                  projectKey,
                  runId,
                  created.workflowId(),
                  created.promptSha256(),
                  created.revisions().bundle(),
                  created.revisions().memory(),
                  created.revisions().executorPolicy(),
                  created.revisions().toolPolicy(),
                  at.toString());
          if (added == 0) {
            throw new KxmException(
                ErrorCode.STORE_CONFLICT,
                "run " + runId + " already exists in project " + projectKey + " on " + where());
          }
          insert(jdbc, runId, sealed, batch.rows(), state, true);
          return state;
        });
    remember(state);
    return state;
  }

  @Override
  public RunState append(String runId, Instant at, Function<RunState, Batch> decide) {
    RunState[] result = new RunState[1];
    write(
        "append to run " + runId,
        jdbc -> {
          lock(jdbc, runId);
          RunState current = loaded(jdbc, runId);
          Batch batch = decide.apply(current);
          if (batch.isEmpty()) {
            result[0] = current;
            return null;
          }
          List<StoredEvent> sealed = new ArrayList<>();
          RunState next = seal(runId, current, at, batch, sealed);
          insert(jdbc, runId, sealed, batch.rows(), next, false);
          result[0] = next;
          return null;
        });
    remember(result[0]);
    return result[0];
  }

  /** Holds the run's row until the transaction ends: appends to one run take turns here. */
  private void lock(Jdbc jdbc, String runId) {
    if (!locked(jdbc, runId)) {
      throw notFound(runId);
    }
  }

  private boolean locked(Jdbc jdbc, String runId) {
    return jdbc.first(
            "SELECT 1 FROM runs WHERE project_key = ? AND run_id = ? FOR UPDATE",
            row -> true,
            projectKey,
            runId)
        .isPresent();
  }

  @Override
  public RunState load(String runId) {
    RunState state = read("load run " + runId, jdbc -> loaded(jdbc, runId));
    remember(state);
    return state;
  }

  /** The run folded (from the cached fold where its head still is in the log), then checked. */
  private RunState loaded(Jdbc jdbc, String runId) {
    RunState state = foldedFromCache(jdbc, runId).orElseGet(() -> foldAll(jdbc, runId));
    Projections.compare(state, PostgresRunRows.projection(jdbc, projectKey, runId));
    GateRows.check(state, PostgresRunRows.gateRows(jdbc, projectKey, runId));
    return state;
  }

  private RunState foldAll(Jdbc jdbc, String runId) {
    List<StoredEvent> events = PostgresRunRows.events(jdbc, projectKey, runId, 1);
    if (events.isEmpty()) {
      throw notFound(runId);
    }
    return RunFold.fold(events);
  }

  private Optional<RunState> foldedFromCache(Jdbc jdbc, String runId) {
    RunState cached;
    synchronized (folds) {
      cached = folds.get(runId);
    }
    if (cached == null) {
      return Optional.empty();
    }
    List<StoredEvent> tail = PostgresRunRows.events(jdbc, projectKey, runId, cached.lastSequence());
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

  private void remember(RunState state) {
    synchronized (folds) {
      folds.put(state.runId(), state);
    }
  }

  @Override
  public List<String> runIds() {
    return read(
        "list runs",
        jdbc ->
            jdbc.list(
                "SELECT run_id FROM runs WHERE project_key = ? ORDER BY created_no",
                row -> row.stringAt(1),
                projectKey));
  }

  @Override
  public List<String> unfinishedRunIds() {
    return read(
        "list unfinished runs",
        jdbc ->
            jdbc
                .list(
                    "SELECT r.run_id, s.status FROM runs r JOIN run_state s"
                        + " ON s.project_key = r.project_key AND s.run_id = r.run_id"
                        + " WHERE r.project_key = ? ORDER BY r.created_no",
                    row -> new String[] {row.stringAt(1), row.stringAt(2)},
                    projectKey)
                .stream()
                .filter(r -> !RunStatus.fromWire(r[1]).terminal())
                .map(r -> r[0])
                .toList());
  }

  @Override
  public List<StoredEvent> events(String runId) {
    return read(
        "read the events of run " + runId,
        jdbc -> PostgresRunRows.events(jdbc, projectKey, runId, 1));
  }

  @Override
  public List<String> finishedBefore(Instant cutoff, int limit) {
    return read("list runs past retention", jdbc -> finishedBefore(jdbc, cutoff, limit));
  }

  @Override
  public List<String> purgeFinishedBefore(Instant cutoff, int limit) {
    List<String> deleted =
        write(
            "purge runs finished before " + cutoff,
            jdbc -> {
              List<String> due = new ArrayList<>();
              for (String runId : finishedBefore(jdbc, cutoff, limit)) {
                // the run's row first, so an append waiting on it finds the run gone; one another
                // instance purged meanwhile is skipped
                if (!locked(jdbc, runId)) {
                  continue;
                }
                due.add(runId);
                for (String table : RUN_TABLES) {
                  jdbc.update(
                      "DELETE FROM " + table + " WHERE project_key = ? AND run_id = ?",
                      projectKey,
                      runId);
                }
              }
              return due;
            });
    synchronized (folds) {
      deleted.forEach(folds::remove);
    }
    return deleted;
  }

  /**
   * As the SQLite log decides it: end state by the projection, last change before the cutoff
   * (compared as instants, since stored instants differ in their fraction digits), no sync row
   * pending.
   */
  private List<String> finishedBefore(Jdbc jdbc, Instant cutoff, int limit) {
    List<String> out = new ArrayList<>();
    for (String[] r :
        jdbc.list(
            "SELECT s.run_id, s.status, s.updated_at FROM run_state s"
                + " JOIN runs r ON r.project_key = s.project_key AND r.run_id = s.run_id"
                + " WHERE s.project_key = ? AND NOT EXISTS (SELECT 1 FROM outbox o"
                + " WHERE o.project_key = s.project_key AND o.run_id = s.run_id"
                + " AND o.state = 'pending') ORDER BY r.created_no",
            row -> new String[] {row.stringAt(1), row.stringAt(2), row.stringAt(3)},
            projectKey)) {
      if (out.size() == limit) {
        break;
      }
      if (RunStatus.fromWire(r[1]).terminal() && Instant.parse(r[2]).isBefore(cutoff)) {
        out.add(r[0]);
      }
    }
    return out;
  }

  @Override
  public Optional<String> plan(String runId) {
    return read(
        "read the plan of run " + runId,
        jdbc ->
            jdbc.first(
                "SELECT plan FROM run_plans WHERE project_key = ? AND run_id = ?",
                row -> row.stringAt(1),
                projectKey,
                runId));
  }

  @Override
  public void saveReceipt(Receipt r) {
    write(
        "save a receipt of run " + r.runId(),
        jdbc -> PostgresRunReceipts.save(jdbc, projectKey, r));
  }

  /** As stored, without its spend, which {@code ProjectRuntime} adds back from the events. */
  @Override
  public Optional<Receipt> lastReceipt(String runId) {
    return read(
        "read the receipt of run " + runId,
        jdbc -> PostgresRunReceipts.last(jdbc, projectKey, runId));
  }

  @Override
  public Optional<SignedHead> signedHead(String runId) {
    if (signer == null) {
      return Optional.empty();
    }
    return read(
        "read the head of run " + runId,
        jdbc -> PostgresRunReceipts.head(jdbc, projectKey, runId, signer));
  }

  /** Leaves the shared database open: its owner closes it once every project is done. */
  @Override
  public void close() {
    synchronized (folds) {
      folds.clear();
    }
  }

  private void insert(
      Jdbc jdbc,
      String runId,
      List<StoredEvent> events,
      List<SideRow> rows,
      RunState state,
      boolean first) {
    PostgresRunRows.insertEvents(jdbc, projectKey, runId, events);
    for (SideRow row : rows) {
      PostgresRunRows.insertSideRow(jdbc, projectKey, runId, row);
    }
    PostgresRunRows.writeProjection(jdbc, projectKey, state, first);
    if (signer != null) {
      PostgresRunReceipts.advanceHead(jdbc, projectKey, state, signer);
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

  private KxmException notFound(String runId) {
    return new KxmException(
        ErrorCode.RUN_NOT_FOUND,
        "no run " + runId + " in project " + projectKey + " on " + where());
  }

  private String where() {
    return "PostgreSQL schema " + database.schema();
  }

  <T> T read(String what, Function<Jdbc, T> work) {
    try {
      return database.read(jdbc -> work.apply(jdbc.about(what)));
    } catch (KxmException e) {
      throw failure(e);
    }
  }

  <T> T write(String what, Function<Jdbc, T> work) {
    try {
      return database.write(jdbc -> work.apply(jdbc.about(what)));
    } catch (KxmException e) {
      throw failure(e);
    }
  }

  /**
   * A statement the database refused (a constraint, a bad value) is a failure of the runtime store,
   * as on SQLite; an unreachable or full database keeps the code that says so, and the log's own
   * refusals (not found, conflict, transition) pass unchanged.
   */
  private static KxmException failure(KxmException e) {
    boolean fromSql = e.getCause() instanceof SQLException;
    if (fromSql && (e.code() == ErrorCode.STORE_CONFLICT || e.code() == ErrorCode.INTERNAL)) {
      return new KxmException(ErrorCode.RUNTIME_STORE_FAILED, e.getMessage(), e.getCause());
    }
    return e;
  }
}

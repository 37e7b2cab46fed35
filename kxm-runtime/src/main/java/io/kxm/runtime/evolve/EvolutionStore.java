package io.kxm.runtime.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.knowledge.KnowledgeDatabase;
import io.kxm.runtime.knowledge.KnowledgeEntries;
import io.kxm.runtime.knowledge.KnowledgeEntry;
import io.kxm.runtime.knowledge.NewEntry;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The evolution's own tables in the knowledge database: the run's identity, each generation's tasks
 * and phase, the stored seeds, every finished attempt and the best state per task. Each finished
 * attempt commits in one transaction with its knowledge entry and its task's state, so a crash
 * leaves an attempt either wholly recorded or not at all.
 */
public final class EvolutionStore {
  static final int ANSWER_MAX_CHARS = 50_000;
  private static final int CONTENT_MAX_CHARS = 8_000;

  private static final List<String> SCHEMA =
      List.of(
          """
          CREATE TABLE IF NOT EXISTS evolve_run (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            tasks_sha256 TEXT NOT NULL,
            population INTEGER NOT NULL,
            attempts_per_task INTEGER NOT NULL,
            settings_json TEXT NOT NULL,
            started_at INTEGER NOT NULL
          ) STRICT\
          """,
          """
          CREATE TABLE IF NOT EXISTS evolve_generation (
            generation INTEGER PRIMARY KEY,
            tasks_json TEXT NOT NULL,
            phase TEXT NOT NULL CHECK (phase IN ('attempts', 'forum', 'distill', 'done')),
            started_at INTEGER NOT NULL,
            finished_at INTEGER
          ) STRICT\
          """,
          """
          CREATE TABLE IF NOT EXISTS evolve_seed (
            attempt_key TEXT PRIMARY KEY,
            generation INTEGER NOT NULL,
            task_id TEXT NOT NULL,
            agent TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            payload_json TEXT NOT NULL
          ) STRICT\
          """,
          """
          CREATE TABLE IF NOT EXISTS evolve_attempt (
            attempt_key TEXT PRIMARY KEY,
            generation INTEGER NOT NULL,
            task_id TEXT NOT NULL,
            agent TEXT NOT NULL,
            attempt INTEGER NOT NULL,
            status TEXT NOT NULL,
            answer TEXT,
            score REAL,
            solved INTEGER NOT NULL,
            detail TEXT NOT NULL,
            entry_id TEXT,
            finished_at INTEGER NOT NULL
          ) STRICT\
          """,
          "CREATE INDEX IF NOT EXISTS evolve_attempt_by_task ON evolve_attempt (task_id, generation)",
          """
          CREATE TABLE IF NOT EXISTS evolve_task_state (
            task_id TEXT PRIMARY KEY,
            attempts INTEGER NOT NULL,
            best_score REAL,
            best_attempt TEXT,
            solved_generation INTEGER
          ) STRICT\
          """);

  private final KnowledgeDatabase db;
  private final KnowledgeEntries entries;

  public EvolutionStore(KnowledgeDatabase db) {
    this.db = db;
    this.entries = new KnowledgeEntries(db);
    db.write(c -> {
      try (Statement s = c.createStatement()) {
        for (String ddl : SCHEMA) {
          s.execute(ddl);
        }
      }
      return null;
    });
  }

  public KnowledgeDatabase database() {
    return db;
  }

  /**
   * Records this run's identity, or checks that a resumed run is the same one: the same tasks and
   * the same population, since both decide which attempts exist.
   */
  public void begin(String tasksSha256, EvolveSettings settings, Instant now) {
    db.write(c -> {
      try (PreparedStatement q =
              c.prepareStatement(
                  "SELECT tasks_sha256, population, attempts_per_task FROM evolve_run");
          ResultSet rs = q.executeQuery()) {
        if (rs.next()) {
          checkSame(rs, tasksSha256, settings);
          return null;
        }
      }
      try (PreparedStatement insert =
          c.prepareStatement(
              "INSERT INTO evolve_run (id, tasks_sha256, population, attempts_per_task,"
                  + " settings_json, started_at) VALUES (1, ?, ?, ?, ?, ?)")) {
        insert.setString(1, tasksSha256);
        insert.setInt(2, settings.population());
        insert.setInt(3, settings.attemptsPerTask());
        insert.setString(4, Json.write(settings));
        insert.setLong(5, now.toEpochMilli());
        insert.executeUpdate();
      }
      return null;
    });
  }

  private void checkSame(ResultSet rs, String tasksSha256, EvolveSettings settings)
      throws SQLException {
    if (!rs.getString(1).equals(tasksSha256)) {
      throw new KxmException(
          ErrorCode.EVOLVE_RUN_MISMATCH,
          "the database "
              + db.file()
              + " holds a run over other tasks (tasks sha256 "
              + rs.getString(1).substring(0, 12)
              + ", given "
              + tasksSha256.substring(0, 12)
              + ")");
    }
    if (rs.getInt(2) != settings.population() || rs.getInt(3) != settings.attemptsPerTask()) {
      throw new KxmException(
          ErrorCode.EVOLVE_RUN_MISMATCH,
          "the database "
              + db.file()
              + " holds a run with --population "
              + rs.getInt(2)
              + " and --attempts-per-task "
              + rs.getInt(3)
              + "; given "
              + settings.population()
              + " and "
              + settings.attemptsPerTask());
    }
  }

  /** Whether {@link #begin} recorded a run in this database. */
  public boolean hasRun() {
    return db.read(c -> {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM evolve_run")) {
        return rs.next() && rs.getInt(1) > 0;
      }
    });
  }

  /** The generation's phase; empty when it has not started. */
  public Optional<GenerationPhase> phase(int generation) {
    return db.read(c -> {
      try (PreparedStatement q =
          c.prepareStatement("SELECT phase FROM evolve_generation WHERE generation = ?")) {
        q.setInt(1, generation);
        try (ResultSet rs = q.executeQuery()) {
          return rs.next()
              ? Optional.of(GenerationPhase.fromWire(rs.getString(1)))
              : Optional.empty();
        }
      }
    });
  }

  /** Starts a generation with its tasks and every attempt's seed, all in one transaction. */
  public void startGeneration(
      int generation, List<String> taskIds, List<SeedPackage> seeds, Instant now) {
    db.write(c -> {
      try (PreparedStatement g =
          c.prepareStatement(
              "INSERT INTO evolve_generation (generation, tasks_json, phase, started_at)"
                  + " VALUES (?, ?, 'attempts', ?)")) {
        g.setInt(1, generation);
        g.setString(2, Json.write(taskIds));
        g.setLong(3, now.toEpochMilli());
        g.executeUpdate();
      }
      try (PreparedStatement s =
          c.prepareStatement(
              "INSERT INTO evolve_seed (attempt_key, generation, task_id, agent, attempt,"
                  + " payload_json) VALUES (?, ?, ?, ?, ?, ?)")) {
        for (SeedPackage seed : seeds) {
          AttemptKey k = seed.key();
          s.setString(1, k.key());
          s.setInt(2, k.generation());
          s.setString(3, k.taskId());
          s.setString(4, k.agent());
          s.setInt(5, k.attempt());
          s.setString(6, seed.toJson());
          s.addBatch();
        }
        s.executeBatch();
      }
      return null;
    });
  }

  public void setPhase(int generation, GenerationPhase phase, Instant now) {
    db.write(c -> {
      try (PreparedStatement u =
          c.prepareStatement(
              "UPDATE evolve_generation SET phase = ?, finished_at = ? WHERE generation = ?")) {
        u.setString(1, phase.wireName());
        if (phase == GenerationPhase.DONE) {
          u.setLong(2, now.toEpochMilli());
        } else {
          u.setNull(2, Types.INTEGER);
        }
        u.setInt(3, generation);
        u.executeUpdate();
      }
      return null;
    });
  }

  /** The generation's seeds in the order their attempts run: by task, then attempt number. */
  public List<SeedPackage> seeds(int generation) {
    return db.read(c -> {
      List<SeedPackage> out = new ArrayList<>();
      try (PreparedStatement q =
          c.prepareStatement(
              "SELECT payload_json FROM evolve_seed WHERE generation = ?"
                  + " ORDER BY task_id, attempt, agent")) {
        q.setInt(1, generation);
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            out.add(SeedPackage.fromJson(rs.getString(1)));
          }
        }
      }
      return out;
    });
  }

  /** Keys of the generation's finished attempts. */
  public Set<String> finishedKeys(int generation) {
    return db.read(c -> {
      Set<String> out = new HashSet<>();
      try (PreparedStatement q =
          c.prepareStatement("SELECT attempt_key FROM evolve_attempt WHERE generation = ?")) {
        q.setInt(1, generation);
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      }
      return out;
    });
  }

  /**
   * Commits a finished attempt with its knowledge entry and its task's best state. Recording a key
   * that is already stored changes nothing and returns false.
   */
  public boolean record(AttemptRecord a) {
    return db.write(c -> {
      if (exists(c, a.key().key())) {
        return false;
      }
      KnowledgeEntry entry =
          entries.add(
              c,
              NewEntry.attempt(
                  a.key().taskId(), a.key().generation(), a.key().agent(), content(a), a.score()));
      insertAttempt(c, a, entry.id());
      updateState(c, a);
      return true;
    });
  }

  private static boolean exists(Connection c, String key) throws SQLException {
    try (PreparedStatement q =
        c.prepareStatement("SELECT 1 FROM evolve_attempt WHERE attempt_key = ?")) {
      q.setString(1, key);
      try (ResultSet rs = q.executeQuery()) {
        return rs.next();
      }
    }
  }

  private static void insertAttempt(Connection c, AttemptRecord a, String entryId)
      throws SQLException {
    try (PreparedStatement i =
        c.prepareStatement(
            "INSERT INTO evolve_attempt (attempt_key, generation, task_id, agent, attempt, status,"
                + " answer, score, solved, detail, entry_id, finished_at)"
                + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
      AttemptKey k = a.key();
      i.setString(1, k.key());
      i.setInt(2, k.generation());
      i.setString(3, k.taskId());
      i.setString(4, k.agent());
      i.setInt(5, k.attempt());
      i.setString(6, a.status());
      i.setString(7, clip(a.answer(), ANSWER_MAX_CHARS));
      if (a.score() == null) {
        i.setNull(8, Types.REAL);
      } else {
        i.setDouble(8, a.score());
      }
      i.setInt(9, a.solved() ? 1 : 0);
      i.setString(10, a.detail());
      i.setString(11, entryId);
      i.setLong(12, a.finishedAt().toEpochMilli());
      i.executeUpdate();
    }
  }

  private static void updateState(Connection c, AttemptRecord a) throws SQLException {
    try (PreparedStatement u =
        c.prepareStatement(
            """
            INSERT INTO evolve_task_state (task_id, attempts, best_score, best_attempt,
              solved_generation) VALUES (?1, 1, ?2, CASE WHEN ?2 IS NULL THEN NULL ELSE ?3 END, ?4)
            ON CONFLICT (task_id) DO UPDATE SET
              attempts = attempts + 1,
              best_attempt = CASE WHEN ?2 IS NOT NULL AND (best_score IS NULL OR ?2 > best_score)
                THEN ?3 ELSE best_attempt END,
              best_score = CASE WHEN ?2 IS NOT NULL AND (best_score IS NULL OR ?2 > best_score)
                THEN ?2 ELSE best_score END,
              solved_generation = coalesce(solved_generation, ?4)\
            """)) {
      u.setString(1, a.key().taskId());
      if (a.score() == null) {
        u.setNull(2, Types.REAL);
      } else {
        u.setDouble(2, a.score());
      }
      u.setString(3, a.key().key());
      if (a.solved()) {
        u.setInt(4, a.key().generation());
      } else {
        u.setNull(4, Types.INTEGER);
      }
      u.executeUpdate();
    }
  }

  /** Earlier attempts at {@code taskId}, from generations before {@code generation}. */
  public List<SeedPackage.PriorAttempt> priorAttempts(String taskId, int generation) {
    return db.read(c -> {
      List<SeedPackage.PriorAttempt> out = new ArrayList<>();
      try (PreparedStatement q =
          c.prepareStatement(
              "SELECT generation, agent, status, score, solved, answer FROM evolve_attempt"
                  + " WHERE task_id = ? AND generation < ? ORDER BY generation, agent,"
                  + " attempt")) {
        q.setString(1, taskId);
        q.setInt(2, generation);
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            double score = rs.getDouble(4);
            out.add(
                new SeedPackage.PriorAttempt(
                    rs.getInt(1),
                    rs.getString(2),
                    rs.getString(3),
                    rs.wasNull() ? null : score,
                    rs.getInt(5) == 1,
                    rs.getString(6)));
          }
        }
      }
      return out;
    });
  }

  /** Tasks solved in a generation before {@code generation}. */
  public Set<String> solvedBefore(int generation) {
    return db.read(c -> {
      Set<String> out = new HashSet<>();
      try (PreparedStatement q =
          c.prepareStatement("SELECT task_id FROM evolve_task_state WHERE solved_generation < ?")) {
        q.setInt(1, generation);
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      }
      return out;
    });
  }

  /** Every finished attempt of the generation, in the order they ran. */
  public List<AttemptRecord> attempts(int generation) {
    return db.read(c -> {
      List<AttemptRecord> out = new ArrayList<>();
      try (PreparedStatement q =
          c.prepareStatement(
              "SELECT generation, task_id, agent, attempt, status, answer, score, solved,"
                  + " detail, entry_id, finished_at FROM evolve_attempt WHERE generation = ?"
                  + " ORDER BY task_id, attempt, agent")) {
        q.setInt(1, generation);
        try (ResultSet rs = q.executeQuery()) {
          while (rs.next()) {
            double score = rs.getDouble(7);
            out.add(
                new AttemptRecord(
                    new AttemptKey(rs.getInt(1), rs.getString(2), rs.getString(3), rs.getInt(4)),
                    rs.getString(5),
                    rs.getString(6),
                    rs.wasNull() ? null : score,
                    rs.getInt(8) == 1,
                    rs.getString(9),
                    rs.getString(10),
                    Instant.ofEpochMilli(rs.getLong(11))));
          }
        }
      }
      return out;
    });
  }

  /** One summary per started generation, in order. */
  public List<GenerationSummary> summaries() {
    return db.read(c -> {
      List<GenerationSummary> out = new ArrayList<>();
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery(
                  """
                  SELECT g.generation, g.phase, json_array_length(g.tasks_json),
                    count(a.attempt_key), count(a.score), coalesce(avg(a.score), 0),
                    coalesce(max(a.score), 0),
                    (SELECT count(*) FROM evolve_task_state t
                      WHERE t.solved_generation = g.generation),
                    (SELECT count(*) FROM evolve_task_state t
                      WHERE t.solved_generation <= g.generation)
                  FROM evolve_generation g
                  LEFT JOIN evolve_attempt a ON a.generation = g.generation
                  GROUP BY g.generation ORDER BY g.generation\
                  """)) {
        while (rs.next()) {
          out.add(
              new GenerationSummary(
                  rs.getInt(1),
                  rs.getString(2),
                  rs.getInt(3),
                  rs.getInt(4),
                  rs.getInt(5),
                  rs.getDouble(6),
                  rs.getDouble(7),
                  rs.getInt(8),
                  rs.getInt(9)));
        }
      }
      return out;
    });
  }

  private static String content(AttemptRecord a) {
    StringBuilder s = new StringBuilder();
    s.append("Attempt ").append(a.key().key()).append(" (").append(a.status());
    if (a.score() != null) {
      s.append(", score ").append(a.score()).append(a.solved() ? ", solved" : ", not solved");
    }
    s.append("): ").append(a.detail());
    if (a.answer() != null) {
      s.append("\n\n").append(a.answer());
    }
    return clip(s.toString(), CONTENT_MAX_CHARS);
  }

  private static String clip(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max);
  }
}

package io.kxm.knowledge.evolve;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.knowledge.KnowledgeEntries;
import io.kxm.knowledge.KnowledgeEntry;
import io.kxm.knowledge.KnowledgeStore;
import io.kxm.knowledge.NewEntry;
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
 * The evolution's own tables in the knowledge database (its migration V2): the run's identity, each
 * generation's tasks and phase, the stored seeds, every finished attempt and the best state per
 * task. Each finished attempt commits in one transaction with its knowledge entry and its task's
 * state, so a crash leaves an attempt either wholly recorded or not at all.
 */
public final class EvolutionStore implements EvolutionLog {

  private final KnowledgeStore db;
  private final KnowledgeEntries entries;

  public EvolutionStore(KnowledgeStore db) {
    this.db = db;
    this.entries = new KnowledgeEntries(db);
  }

  @Override
  public KnowledgeStore database() {
    return db;
  }

  @Override
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
              + db.location()
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
              + db.location()
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

  @Override
  public boolean hasRun() {
    return db.read(c -> {
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count(*) FROM evolve_run")) {
        return rs.next() && rs.getInt(1) > 0;
      }
    });
  }

  @Override
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

  @Override
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

  @Override
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

  @Override
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

  @Override
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

  @Override
  public boolean record(AttemptRecord a) {
    return db.write(c -> {
      if (AttemptRows.exists(c, a.key().key())) {
        return false;
      }
      KnowledgeEntry entry =
          entries.add(
              c,
              NewEntry.attempt(
                  a.key().taskId(),
                  a.key().generation(),
                  a.key().agent(),
                  AttemptRows.content(a),
                  a.score()));
      AttemptRows.insert(c, a, entry.id());
      AttemptRows.updateState(c, a);
      return true;
    });
  }

  @Override
  public List<SeedPackage.PriorAttempt> priorAttempts(String taskId, int generation) {
    return db.read(c -> EvolutionReads.priorAttempts(c, taskId, generation));
  }

  @Override
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

  @Override
  public List<AttemptRecord> attempts(int generation) {
    return db.read(c -> EvolutionReads.attempts(c, generation));
  }

  @Override
  public List<GenerationSummary> summaries() {
    return db.read(c -> EvolutionReads.summaries(c));
  }
}

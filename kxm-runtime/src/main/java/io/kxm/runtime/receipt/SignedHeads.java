package io.kxm.runtime.receipt;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The signed head of every run of one log, kept in a SQLite file of its own beside the log's file:
 * whoever edits the log's file cannot move a head back, because each row is signed with the
 * runtime's receipt key, which lives outside both files.
 *
 * <p>A head is written after the events it names have committed, and only ever moves forward. A
 * crash between the two leaves a head behind its log, which a check accepts as long as the events
 * after it chain; a log shorter than its head, or whose event at the head's sequence has another
 * hash, was cut or rewritten.
 */
public final class SignedHeads implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SignedHeads.class);

  /** The heads file's schema: Flyway migrations under {@code db/runtime/heads}. */
  public static final SqliteSchema SCHEMA =
      new SqliteSchema(
          "run heads",
          "db/runtime/heads",
          1,
          0,
          ErrorCode.RUNTIME_SCHEMA_NEWER,
          ErrorCode.RUNTIME_SCHEMA_SHAPE_INVALID);

  private final SqliteDatabase database;
  private final Connection connection;
  private final Receipts signer;

  private SignedHeads(SqliteDatabase database, Connection connection, Receipts signer) {
    this.database = database;
    this.connection = connection;
    this.signer = signer;
  }

  /** Opens (creating when new, owner-only) the heads file {@code file}. */
  public static SignedHeads open(Path file, Receipts signer) {
    SqliteDatabase database = SqliteDatabase.runtime(file, "run heads").prepare();
    Connection c = database.writer();
    try {
      SCHEMA.ensure(database, c);
    } catch (RuntimeException e) {
      SqliteDatabase.closeQuietly(c);
      throw e;
    }
    return new SignedHeads(database, c, signer);
  }

  /**
   * Moves the run's head to {@code sequence} unless it already is there or past it. The events are
   * committed by then, so a head that cannot be written is logged and left behind, never thrown:
   * the caller's append succeeded, and a head behind its log still checks.
   */
  public synchronized void advance(String runId, long sequence, String hash) {
    try (PreparedStatement s =
        connection.prepareStatement(
            "INSERT INTO heads (run_id, seq, hash, key_id, signature) VALUES (?, ?, ?, ?, ?)"
                + " ON CONFLICT (run_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash,"
                + " key_id = excluded.key_id, signature = excluded.signature"
                + " WHERE excluded.seq > heads.seq")) {
      s.setString(1, runId);
      s.setLong(2, sequence);
      s.setString(3, hash);
      s.setString(4, signer.keyId());
      s.setString(5, sign(signer, runId, sequence, hash));
      s.executeUpdate();
    } catch (SQLException e) {
      LOG.warn(
          "the signed head of run {} stays behind event {}: {}",
          runId,
          sequence,
          database.failure(e, "write the head of run " + runId).getMessage());
    }
  }

  /**
   * Drops the heads of runs deleted on purpose (a deleted session's), so that verifying one reports
   * it unknown rather than cut short.
   */
  public synchronized void forget(List<String> runIds) {
    try (PreparedStatement s = connection.prepareStatement("DELETE FROM heads WHERE run_id = ?")) {
      for (String runId : runIds) {
        s.setString(1, runId);
        s.executeUpdate();
      }
    } catch (SQLException e) {
      throw database.failure(e, "drop the heads of deleted runs");
    }
  }

  /** The run's head, empty when none was ever written (a run from before heads were kept). */
  public synchronized Optional<SignedHead> head(String runId) {
    try (PreparedStatement s =
        connection.prepareStatement(
            "SELECT seq, hash, key_id, signature FROM heads WHERE run_id = ?")) {
      s.setString(1, runId);
      try (ResultSet rs = s.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        return Optional.of(
            checked(
                signer, runId, rs.getLong(1), rs.getString(2), rs.getString(3), rs.getString(4)));
      }
    } catch (SQLException e) {
      throw database.failure(e, "read the head of run " + runId);
    }
  }

  @Override
  public synchronized void close() {
    SqliteDatabase.closeQuietly(connection);
  }

  /**
   * The signature {@code signer} gives the head at {@code sequence}: the one form of a signed head,
   * shared with logs that keep their heads in a table of their own (PostgreSQL).
   */
  public static String sign(Receipts signer, String runId, long sequence, String hash) {
    return signer.signature(signed(runId, sequence, hash, signer.keyId()));
  }

  /** A stored head, signed when its signature is {@code signer}'s over exactly these fields. */
  public static SignedHead checked(
      Receipts signer, String runId, long sequence, String hash, String keyId, String signature) {
    boolean valid =
        signer.keyId().equals(keyId)
            && signer.valid(signed(runId, sequence, hash, keyId), signature);
    return new SignedHead(runId, sequence, hash, valid);
  }

  private static byte[] signed(String runId, long sequence, String hash, String keyId) {
    return CanonicalJson.bytes(
        Json.MAPPER.valueToTree(
            Map.of("runId", runId, "seq", sequence, "hash", hash, "keyId", keyId)));
  }
}

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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
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
 *
 * <p>Signing is the costly part (an Ed25519 signature), so an append only records its new head and
 * one writer thread signs and stores what is pending: the newest head of each run, all of them in
 * one transaction, a round at most every {@value #ROUND_GAP_MILLIS} ms. A busy run gets one
 * signature a round, not one an append, and no append waits for a signature. A head lags its log by
 * about one round, which a crash turns into the head-behind-its-log case above. A read of a head
 * first stores what is pending, so it sees every head advanced before it, and so does a close.
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

  /** The least time between the starts of two rounds of the writer thread. */
  static final long ROUND_GAP_MILLIS = 10;

  private final SqliteDatabase database;
  private final Receipts signer;

  /** The connection, and the order of writes on it: held while a round is signed and stored. */
  private final Object storing = new Object();

  private final Connection connection; // guarded by storing

  /** The newest head of each run not stored yet; guarded by this object's lock. */
  private final Map<String, Head> pending = new LinkedHashMap<>();

  private boolean closed; // guarded by this object's lock
  private long rounds; // guarded by storing
  private long lastRound = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(ROUND_GAP_MILLIS);
  private final Thread writer;

  private record Head(String runId, long sequence, String hash) {}

  private SignedHeads(SqliteDatabase database, Connection connection, Receipts signer) {
    this.database = database;
    this.connection = connection;
    this.signer = signer;
    this.writer =
        Thread.ofPlatform().daemon().name("kxm-signed-heads").start(this::storeUntilClosed);
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
   * committed by then; the head is signed and stored by the writer thread, and one that cannot be
   * written is logged and left behind, never thrown: the caller's append succeeded, and a head
   * behind its log still checks.
   */
  public synchronized void advance(String runId, long sequence, String hash) {
    if (closed) {
      return;
    }
    boolean writerIdle = pending.isEmpty(); // else it is storing or waiting out the gap
    Head newer = new Head(runId, sequence, hash);
    pending.merge(runId, newer, (was, now) -> now.sequence() > was.sequence() ? now : was);
    if (writerIdle) {
      notifyAll();
    }
  }

  private void storeUntilClosed() {
    while (awaitPending()) {
      storePending();
    }
  }

  /**
   * Waits for a head to store and for the round gap to pass; false once closed with nothing left.
   */
  private synchronized boolean awaitPending() {
    while (!closed) {
      long early = lastRound + TimeUnit.MILLISECONDS.toNanos(ROUND_GAP_MILLIS) - System.nanoTime();
      if (!pending.isEmpty() && early <= 0) {
        break;
      }
      try {
        if (pending.isEmpty()) {
          wait();
        } else {
          TimeUnit.NANOSECONDS.timedWait(this, early);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false; // close stores what is left itself
      }
    }
    lastRound = System.nanoTime();
    return !pending.isEmpty();
  }

  private synchronized List<Head> takePending() {
    List<Head> heads = new ArrayList<>(pending.values());
    pending.clear();
    return heads;
  }

  /** Signs and stores every pending head in one transaction, outside the lock appends take. */
  private void storePending() {
    synchronized (storing) {
      List<Head> heads = takePending();
      if (heads.isEmpty()) {
        return;
      }
      rounds++;
      try {
        connection.setAutoCommit(false);
        try (PreparedStatement s =
            connection.prepareStatement(
                "INSERT INTO heads (run_id, seq, hash, key_id, signature) VALUES (?, ?, ?, ?, ?)"
                    + " ON CONFLICT (run_id) DO UPDATE SET seq = excluded.seq, hash ="
                    + " excluded.hash, key_id = excluded.key_id, signature = excluded.signature"
                    + " WHERE excluded.seq > heads.seq")) {
          for (Head head : heads) {
            s.setString(1, head.runId());
            s.setLong(2, head.sequence());
            s.setString(3, head.hash());
            s.setString(4, signer.keyId());
            s.setString(5, sign(signer, head.runId(), head.sequence(), head.hash()));
            s.addBatch();
          }
          s.executeBatch();
          connection.commit();
        } catch (SQLException | RuntimeException e) {
          connection.rollback();
          throw e;
        } finally {
          connection.setAutoCommit(true);
        }
      } catch (SQLException | RuntimeException e) {
        LOG.warn(
            "the signed heads of {} runs (first {}) stay behind their logs: {}",
            heads.size(),
            heads.getFirst().runId(),
            e instanceof SQLException sql
                ? database.failure(sql, "write the signed heads").getMessage()
                : e.toString());
      }
    }
  }

  /**
   * Drops the heads of runs deleted on purpose (a deleted session's), so that verifying one reports
   * it unknown rather than cut short.
   */
  public void forget(List<String> runIds) {
    synchronized (storing) {
      synchronized (this) {
        runIds.forEach(pending::remove);
      }
      try (PreparedStatement s =
          connection.prepareStatement("DELETE FROM heads WHERE run_id = ?")) {
        for (String runId : runIds) {
          s.setString(1, runId);
          s.executeUpdate();
        }
      } catch (SQLException e) {
        throw database.failure(e, "drop the heads of deleted runs");
      }
    }
  }

  /** The run's head, empty when none was ever written (a run from before heads were kept). */
  public Optional<SignedHead> head(String runId) {
    storePending();
    synchronized (storing) {
      return stored(runId);
    }
  }

  private Optional<SignedHead> stored(String runId) {
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

  /** How many rounds stored something: fewer than advances when they came faster than the gap. */
  long roundsStored() {
    synchronized (storing) {
      return rounds;
    }
  }

  /** Stores what is pending, then stops the writer and closes the file. */
  @Override
  public void close() {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
      notifyAll();
    }
    try {
      writer.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    storePending(); // whatever the writer had not taken when it saw the close
    synchronized (storing) {
      SqliteDatabase.closeQuietly(connection);
    }
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

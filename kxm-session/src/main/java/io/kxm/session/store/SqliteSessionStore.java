package io.kxm.session.store;

import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.receipt.SignedHeads;
import io.kxm.store.sqlite.SqliteDatabase;
import io.kxm.store.sqlite.SqliteSchema;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;

/**
 * The session store on one SQLite file ({@code runtime/sessions.db}): created 0600, a link refused,
 * WAL, schema migrated by Flyway (see {@link SessionSchema}). Every change goes through one writer
 * thread, the file's only writer, that commits queued changes together and then publishes their
 * events to {@link #live()}; reads use a few connections of their own and never wait for it.
 */
public final class SqliteSessionStore extends BatchedSessionStore {
  /** The signed heads of the store's runs, in a file of their own beside it. */
  public static final String HEADS_FILE = "session-heads.db";

  /** The session store's schema, for tools that inspect the file without opening the store. */
  public static final SqliteSchema SCHEMA = SessionSchema.SCHEMA;

  /** Enough for a handful of streams replaying at once; each costs a file handle and a cache. */
  private static final int READ_CONNECTIONS = 4;

  private SqliteSessionStore(
      Clock clock,
      StoreWriter writer,
      StoreReader reader,
      LiveFanout live,
      Connection writeConnection,
      SignedHeads heads) {
    super(clock, writer, reader, live, heads, () -> SqliteDatabase.closeQuietly(writeConnection));
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
      StoreReader reader = new StoreReader(database::failure, read, SessionDialect.SQLITE);
      LiveFanout live = new LiveFanout();
      WriteTx tx = new WriteTx(SessionDialect.SQLITE, write, clock, reader.lastSeq());
      SignedHeads signed = heads;
      StoreWriter writer =
          new StoreWriter(
              file.toString(),
              new SqliteBatches(write),
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

  private static void closeBoth(Connection write, ReadConnections read) {
    SqliteDatabase.closeQuietly(write);
    if (read != null) {
      read.close();
    }
  }
}

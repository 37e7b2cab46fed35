package io.kxm.knowledge;

import io.kxm.core.search.TextIndex;
import java.nio.file.Path;
import java.time.Clock;

/**
 * The knowledge database as its features use it: entries ({@link KnowledgeEntries}), forum rounds
 * ({@link Forum}), bundles and the evolution's tables, each written through SQL inside one of this
 * port's transactions. {@link KnowledgeDatabase} keeps it in one SQLite file, {@link
 * PostgresKnowledgeStore} in one PostgreSQL schema; {@link KnowledgeStores} chooses. Features write
 * SQL that both dialects run.
 *
 * <p>{@link #write} is atomic and serialized against every other writer, in this process or another
 * one on the same database: work that reads before it writes sees no other write slip in between,
 * and a throw rolls all of it back. {@link #read} sees one committed snapshot and never waits for a
 * writer. A closed store refuses both with {@code runtime_store_failed}.
 */
public interface KnowledgeStore extends AutoCloseable {

  /** Runs {@code work} in one read transaction, on a snapshot no concurrent write changes. */
  <T> T read(SqlWork<T> work);

  /** Runs {@code work} in one write transaction, committed when it returns. */
  <T> T write(SqlWork<T> work);

  /** The full-text index over entries (collection {@link KnowledgeEntries#COLLECTION}). */
  TextIndex textIndex();

  /** A random id given to this database when it was created; bundles name their source by it. */
  String databaseId();

  /** Stamps ids, entries and rounds. */
  Clock clock();

  /**
   * The {@code --db} path other processes are given to reach this database (a forum MCP server gets
   * it as --db): the SQLite file itself, or on PostgreSQL the path the store was opened for, which
   * leads a process with the same {@code KXM_RUNTIME_DATABASE_URL} to the same schema.
   */
  Path file();

  /** Where the database is, for messages: its file, or its PostgreSQL schema (no password). */
  String location();

  @Override
  void close();
}

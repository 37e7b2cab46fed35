package io.kxm.core.search;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * A full-text index over short documents, kept in the same database as the records it indexes so
 * that a record and its index entry change in one transaction. SQLite (FTS5) and PostgreSQL (text
 * search) each have an implementation; both keep the ranking contract of {@link #search}, which one
 * contract test suite checks on both.
 *
 * <p>Documents live in named collections ({@code context}, {@code knowledge}, …) so one table
 * serves every caller. Every method works on the caller's connection and never commits.
 */
public interface TextIndex {

  /** The statements that create the index's tables, for a migration or a fresh database. */
  List<String> schema();

  /** Adds the document, or replaces its text when {@code docId} is already in the collection. */
  void put(Connection connection, String collection, String docId, String text) throws SQLException;

  /** Removes the document; removing one that is absent changes nothing. */
  void remove(Connection connection, String collection, String docId) throws SQLException;

  /**
   * Finds documents for {@code query}. The ranking contract: documents holding the query as an
   * exact phrase (case-insensitive) come first, then the others by token relevance, ties by {@code
   * docId} ascending. Query text is never interpreted as search syntax: quotes, operators and
   * punctuation are plain text. A blank query matches nothing (callers list instead).
   *
   * @param limit at most this many hits, 1 or more
   */
  List<SearchHit> search(Connection connection, String collection, String query, int limit)
      throws SQLException;

  /**
   * Whether any document of the collection holds {@code word}, matched the way {@link #search}
   * matches words (case and punctuation ignored; a word that splits into several indexed words
   * needs all of them in one document). Cheap: it stops at the first such document and ranks
   * nothing. False for a word with no letters or digits.
   */
  boolean holdsWord(Connection connection, String collection, String word) throws SQLException;
}

package io.kxm.core.search;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@link TextIndex} on SQLite FTS5. Documents live in {@code text_doc}; the FTS5 table {@code
 * text_doc_fts} indexes their normalized terms as external content, so a document's text is stored
 * once. Relevance is the negated {@code bm25} score, so that higher is better.
 */
public final class SqliteTextIndex implements TextIndex {

  @Override
  public List<String> schema() {
    return List.of(
        """
        CREATE TABLE IF NOT EXISTS text_doc (
          id INTEGER PRIMARY KEY,
          collection TEXT NOT NULL,
          doc_id TEXT NOT NULL,
          terms TEXT NOT NULL,
          UNIQUE (collection, doc_id)) STRICT\
        """,
        """
        CREATE VIRTUAL TABLE IF NOT EXISTS text_doc_fts USING fts5(
          terms, content='text_doc', content_rowid='id',
          tokenize='unicode61 remove_diacritics 0')\
        """);
  }

  @Override
  public void put(Connection connection, String collection, String docId, String text)
      throws SQLException {
    SearchText.checkDoc(collection, docId);
    remove(connection, collection, docId);
    String terms = SearchText.indexedTerms(text);
    long id;
    try (PreparedStatement insert =
        connection.prepareStatement(
            "INSERT INTO text_doc (collection, doc_id, terms) VALUES (?, ?, ?) RETURNING id")) {
      insert.setString(1, collection);
      insert.setString(2, docId);
      insert.setString(3, terms);
      try (ResultSet rs = insert.executeQuery()) {
        rs.next();
        id = rs.getLong(1);
      }
    }
    try (PreparedStatement index =
        connection.prepareStatement("INSERT INTO text_doc_fts (rowid, terms) VALUES (?, ?)")) {
      index.setLong(1, id);
      index.setString(2, terms);
      index.executeUpdate();
    }
  }

  @Override
  public void remove(Connection connection, String collection, String docId) throws SQLException {
    SearchText.checkDoc(collection, docId);
    try (PreparedStatement find =
        connection.prepareStatement(
            "SELECT id, terms FROM text_doc WHERE collection = ? AND doc_id = ?")) {
      find.setString(1, collection);
      find.setString(2, docId);
      try (ResultSet rs = find.executeQuery()) {
        if (!rs.next()) {
          return;
        }
        long id = rs.getLong(1);
        // An external-content FTS5 table forgets a row only when told its old terms.
        try (PreparedStatement forget =
            connection.prepareStatement(
                "INSERT INTO text_doc_fts (text_doc_fts, rowid, terms) VALUES ('delete', ?, ?)")) {
          forget.setLong(1, id);
          forget.setString(2, rs.getString(2));
          forget.executeUpdate();
        }
        try (PreparedStatement delete =
            connection.prepareStatement("DELETE FROM text_doc WHERE id = ?")) {
          delete.setLong(1, id);
          delete.executeUpdate();
        }
      }
    }
  }

  @Override
  public List<SearchHit> search(Connection connection, String collection, String query, int limit)
      throws SQLException {
    SearchText.checkLimit(limit);
    List<String> terms = SearchText.queryTerms(query);
    if (terms.isEmpty()) {
      return List.of();
    }
    String match = terms.stream().map(t -> '"' + t + '"').collect(Collectors.joining(" OR "));
    List<SearchHit> hits = new ArrayList<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            """
            SELECT d.doc_id, instr(' ' || d.terms || ' ', ?) > 0 AS exact, -bm25(text_doc_fts) AS relevance
              FROM text_doc_fts JOIN text_doc d ON d.id = text_doc_fts.rowid
             WHERE text_doc_fts MATCH ? AND d.collection = ?
             ORDER BY exact DESC, relevance DESC, d.doc_id ASC
             LIMIT ?\
            """)) {
      select.setString(1, SearchText.paddedPhrase(query));
      select.setString(2, match);
      select.setString(3, collection);
      select.setInt(4, limit);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          hits.add(new SearchHit(rs.getString(1), rs.getBoolean(2), rs.getDouble(3)));
        }
      }
    }
    return hits;
  }

  @Override
  public boolean holdsWord(Connection connection, String collection, String word)
      throws SQLException {
    List<String> terms = SearchText.queryTerms(word);
    if (terms.isEmpty()) {
      return false;
    }
    String match = terms.stream().map(t -> '"' + t + '"').collect(Collectors.joining(" AND "));
    try (PreparedStatement select =
        connection.prepareStatement(
            """
            SELECT EXISTS (SELECT 1 FROM text_doc_fts JOIN text_doc d ON d.id = text_doc_fts.rowid
                            WHERE text_doc_fts MATCH ? AND d.collection = ?)\
            """)) {
      select.setString(1, match);
      select.setString(2, collection);
      try (ResultSet rs = select.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }
}

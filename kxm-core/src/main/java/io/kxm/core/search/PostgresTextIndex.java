package io.kxm.core.search;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@link TextIndex} on PostgreSQL text search. The {@code simple} configuration (no stemming, no
 * stop words) over the same normalized terms SQLite indexes keeps the two engines matching the same
 * documents; relevance is {@code ts_rank}. Document ids compare in the {@code C} collation, byte
 * order, as SQLite compares them.
 */
public final class PostgresTextIndex implements TextIndex {

  @Override
  public List<String> schema() {
    return List.of(
        """
        CREATE TABLE IF NOT EXISTS text_doc (
          collection TEXT NOT NULL,
          doc_id TEXT COLLATE "C" NOT NULL,
          words TEXT NOT NULL,
          terms TSVECTOR GENERATED ALWAYS AS (to_tsvector('simple', words)) STORED,
          PRIMARY KEY (collection, doc_id))\
        """,
        "CREATE INDEX IF NOT EXISTS text_doc_terms ON text_doc USING GIN (terms)");
  }

  @Override
  public void put(Connection connection, String collection, String docId, String text)
      throws SQLException {
    SearchText.checkDoc(collection, docId);
    try (PreparedStatement upsert =
        connection.prepareStatement(
            """
            INSERT INTO text_doc (collection, doc_id, words) VALUES (?, ?, ?)
            ON CONFLICT (collection, doc_id) DO UPDATE SET words = EXCLUDED.words\
            """)) {
      upsert.setString(1, collection);
      upsert.setString(2, docId);
      upsert.setString(3, SearchText.indexedTerms(text));
      upsert.executeUpdate();
    }
  }

  @Override
  public void remove(Connection connection, String collection, String docId) throws SQLException {
    SearchText.checkDoc(collection, docId);
    try (PreparedStatement delete =
        connection.prepareStatement("DELETE FROM text_doc WHERE collection = ? AND doc_id = ?")) {
      delete.setString(1, collection);
      delete.setString(2, docId);
      delete.executeUpdate();
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
    // Terms hold only letters and digits, so quoting them is enough to keep them plain lexemes.
    String tsquery = terms.stream().map(t -> "'" + t + "'").collect(Collectors.joining(" | "));
    List<SearchHit> hits = new ArrayList<>();
    try (PreparedStatement select =
        connection.prepareStatement(
            """
            SELECT doc_id, strpos(' ' || words || ' ', ?) > 0 AS exact, ts_rank(terms, q, 1) AS relevance
              FROM text_doc, to_tsquery('simple', ?) AS q
             WHERE collection = ? AND terms @@ q
             ORDER BY exact DESC, relevance DESC, doc_id ASC
             LIMIT ?\
            """)) {
      select.setString(1, SearchText.paddedPhrase(query));
      select.setString(2, tsquery);
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
}

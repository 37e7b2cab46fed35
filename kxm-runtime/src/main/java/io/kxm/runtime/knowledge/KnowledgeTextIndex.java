package io.kxm.runtime.knowledge;

import io.kxm.core.search.SearchHit;
import io.kxm.core.search.TextIndex;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An FTS5 index behind {@link TextIndex} for the knowledge database. Query words are quoted one by
 * one and joined with OR, so query text is never FTS syntax; exact phrases rank first by a plain
 * case-insensitive substring test.
 */
final class KnowledgeTextIndex implements TextIndex {
  static final KnowledgeTextIndex INSTANCE = new KnowledgeTextIndex();
  private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

  private KnowledgeTextIndex() {}

  @Override
  public List<String> schema() {
    return List.of(
        "CREATE VIRTUAL TABLE IF NOT EXISTS knowledge_text USING fts5("
            + "collection UNINDEXED, doc_id UNINDEXED, body, tokenize = 'unicode61')");
  }

  @Override
  public void put(Connection c, String collection, String docId, String text) throws SQLException {
    remove(c, collection, docId);
    try (PreparedStatement insert =
        c.prepareStatement(
            "INSERT INTO knowledge_text (collection, doc_id, body) VALUES (?, ?, ?)")) {
      insert.setString(1, collection);
      insert.setString(2, docId);
      insert.setString(3, text);
      insert.executeUpdate();
    }
  }

  @Override
  public void remove(Connection c, String collection, String docId) throws SQLException {
    try (PreparedStatement delete =
        c.prepareStatement("DELETE FROM knowledge_text WHERE collection = ? AND doc_id = ?")) {
      delete.setString(1, collection);
      delete.setString(2, docId);
      delete.executeUpdate();
    }
  }

  @Override
  public List<SearchHit> search(Connection c, String collection, String query, int limit)
      throws SQLException {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, not " + limit);
    }
    String match = matchExpression(query);
    if (match.isEmpty()) {
      return List.of();
    }
    String sql =
        "SELECT doc_id, instr(lower(body), ?) > 0 AS exact, -bm25(knowledge_text) AS relevance"
            + " FROM knowledge_text WHERE knowledge_text MATCH ? AND collection = ?"
            + " ORDER BY exact DESC, relevance DESC, doc_id ASC LIMIT ?";
    List<SearchHit> hits = new ArrayList<>();
    try (PreparedStatement select = c.prepareStatement(sql)) {
      select.setString(1, query.strip().toLowerCase(Locale.ROOT));
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

  private static String matchExpression(String query) {
    if (query == null) {
      return "";
    }
    List<String> words = new ArrayList<>();
    Matcher m = WORD.matcher(query);
    while (m.find() && words.size() < 64) {
      words.add('"' + m.group() + '"');
    }
    return String.join(" OR ", words);
  }
}

package io.kxm.core.search;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Vectors of documents, stored beside the {@link TextIndex} documents in the same database (table
 * {@code text_vec}) and searched by brute-force cosine similarity: every vector of the collection
 * and model is read and scored. That is plenty for a project's knowledge (thousands of entries) and
 * needs no extension on either engine. Vectors are little-endian float32 arrays.
 */
public final class VectorIndex {
  /** Which engine's column types to create the table with. */
  public enum Engine {
    SQLITE("BLOB"),
    POSTGRES("BYTEA");

    private final String blob;

    Engine(String blob) {
      this.blob = blob;
    }
  }

  private final Engine engine;

  public VectorIndex(Engine engine) {
    this.engine = engine;
  }

  public List<String> schema() {
    return List.of(
        "CREATE TABLE IF NOT EXISTS text_vec (collection TEXT NOT NULL, doc_id TEXT NOT NULL,"
            + " model TEXT NOT NULL, vector "
            + engine.blob
            + " NOT NULL, PRIMARY KEY (collection, doc_id))");
  }

  /** Stores the document's vector, replacing one it had (of any model). */
  public void put(Connection c, String collection, String docId, String model, float[] vector)
      throws SQLException {
    SearchText.checkDoc(collection, docId);
    try (PreparedStatement upsert =
        c.prepareStatement(
            "INSERT INTO text_vec (collection, doc_id, model, vector) VALUES (?, ?, ?, ?)"
                + " ON CONFLICT (collection, doc_id) DO UPDATE"
                + " SET model = excluded.model, vector = excluded.vector")) {
      upsert.setString(1, collection);
      upsert.setString(2, docId);
      upsert.setString(3, model);
      upsert.setBytes(4, encode(vector));
      upsert.executeUpdate();
    }
  }

  public void remove(Connection c, String collection, String docId) throws SQLException {
    try (PreparedStatement delete =
        c.prepareStatement("DELETE FROM text_vec WHERE collection = ? AND doc_id = ?")) {
      delete.setString(1, collection);
      delete.setString(2, docId);
      delete.executeUpdate();
    }
  }

  /** Ids of documents of the text index that have no vector of {@code model}, sorted. */
  public List<String> missing(Connection c, String collection, String model, int limit)
      throws SQLException {
    List<String> ids = new ArrayList<>();
    try (PreparedStatement select =
        c.prepareStatement(
            "SELECT d.doc_id FROM text_doc d LEFT JOIN text_vec v ON v.collection = d.collection"
                + " AND v.doc_id = d.doc_id AND v.model = ? WHERE d.collection = ?"
                + " AND v.doc_id IS NULL ORDER BY d.doc_id LIMIT ?")) {
      select.setString(1, model);
      select.setString(2, collection);
      select.setInt(3, limit);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          ids.add(rs.getString(1));
        }
      }
    }
    return ids;
  }

  /**
   * The {@code limit} documents most similar to {@code query} with a cosine similarity above {@code
   * minSimilarity}, best first, ties by docId. Vectors of another length are skipped.
   */
  public List<SearchHit> search(
      Connection c, String collection, String model, float[] query, int limit, double minSimilarity)
      throws SQLException {
    SearchText.checkLimit(limit);
    double queryNorm = norm(query);
    if (queryNorm == 0) {
      return List.of();
    }
    Comparator<SearchHit> best =
        Comparator.comparingDouble(SearchHit::relevance).reversed().thenComparing(SearchHit::docId);
    // a bounded heap whose head is the worst hit kept so far
    PriorityQueue<SearchHit> kept = new PriorityQueue<>(best.reversed());
    try (PreparedStatement select =
        c.prepareStatement(
            "SELECT doc_id, vector FROM text_vec WHERE collection = ? AND model = ?")) {
      select.setString(1, collection);
      select.setString(2, model);
      try (ResultSet rs = select.executeQuery()) {
        while (rs.next()) {
          float[] v = decode(rs.getBytes(2));
          if (v.length != query.length) {
            continue;
          }
          double similarity = cosine(query, queryNorm, v);
          if (similarity > minSimilarity) {
            kept.add(new SearchHit(rs.getString(1), false, similarity));
            if (kept.size() > limit) {
              kept.poll();
            }
          }
        }
      }
    }
    List<SearchHit> hits = new ArrayList<>(kept);
    hits.sort(best);
    return hits;
  }

  static byte[] encode(float[] vector) {
    ByteBuffer buffer = ByteBuffer.allocate(vector.length * 4).order(ByteOrder.LITTLE_ENDIAN);
    for (float x : vector) {
      buffer.putFloat(x);
    }
    return buffer.array();
  }

  static float[] decode(byte[] bytes) {
    ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
    float[] v = new float[bytes.length / 4];
    for (int i = 0; i < v.length; i++) {
      v[i] = buffer.getFloat();
    }
    return v;
  }

  private static double cosine(float[] q, double qNorm, float[] v) {
    double dot = 0;
    double vv = 0;
    for (int i = 0; i < q.length; i++) {
      dot += q[i] * v[i];
      vv += v[i] * v[i];
    }
    return vv == 0 ? 0 : dot / (qNorm * Math.sqrt(vv));
  }

  private static double norm(float[] v) {
    double sum = 0;
    for (float x : v) {
      sum += x * x;
    }
    return Math.sqrt(sum);
  }
}

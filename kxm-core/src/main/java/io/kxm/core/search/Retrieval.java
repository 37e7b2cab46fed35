package io.kxm.core.search;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Full-text search, with vector search merged in when vectors are on and working. Without an {@link
 * EmbeddingProvider}, or when it fails, answers come from the {@link TextIndex} alone; every answer
 * says which ({@link RetrievalMode}). With {@code requireVector}, a provider failure is an error
 * ({@code vector_retrieval_unavailable}) instead of a quiet fallback.
 *
 * <p>Merging: hits holding the query as an exact phrase come first, as the text index orders them;
 * the rest are ranked by reciprocal-rank fusion of their places in the two lists (each list adds
 * {@code 1 / (60 + rank)}), ties by docId. A document found only by meaning is in the answer too.
 *
 * <p>Embedding calls go over the network, so they are never made inside a transaction: {@link
 * #embed} first, then {@link #put} with its result inside the write.
 */
public final class Retrieval {
  private static final int FUSION_K = 60;

  private final TextIndex text;
  private final VectorIndex vectors;
  private final EmbeddingProvider embeddings;
  private final boolean requireVector;

  private Retrieval(
      TextIndex text, VectorIndex vectors, EmbeddingProvider embeddings, boolean requireVector) {
    this.text = text;
    this.vectors = vectors;
    this.embeddings = embeddings;
    this.requireVector = requireVector;
  }

  /** Full text only: every answer is {@code fts} (or {@code none}). */
  public static Retrieval textOnly(TextIndex text) {
    return new Retrieval(text, null, null, false);
  }

  /**
   * Full text and vectors.
   *
   * @param requireVector fail with {@code vector_retrieval_unavailable} rather than fall back
   */
  public static Retrieval withVectors(
      TextIndex text, VectorIndex vectors, EmbeddingProvider embeddings, boolean requireVector) {
    return new Retrieval(text, vectors, embeddings, requireVector);
  }

  /**
   * Full text only, unless {@code requireVector}, which cannot be met without an embeddings
   * endpoint: it fails fast here, before anything is indexed.
   */
  public static Retrieval textOnly(TextIndex text, boolean requireVector) {
    if (requireVector) {
      throw new KxmException(
          ErrorCode.VECTOR_RETRIEVAL_UNAVAILABLE,
          "vector retrieval is required but no embeddings endpoint is configured ("
              + EmbeddingSettings.ENV_URL
              + ")");
    }
    return textOnly(text);
  }

  public boolean vectorsOn() {
    return embeddings != null;
  }

  /** Every table both indexes need. */
  public List<String> schema() {
    List<String> ddl = new ArrayList<>(text.schema());
    if (vectors != null) {
      ddl.addAll(vectors.schema());
    }
    return ddl;
  }

  /**
   * The vector of {@code docText}, to pass to {@link #put}; empty when vectors are off or the
   * provider failed (the document is then found by full text until it is embedded again).
   *
   * @throws KxmException {@code vector_retrieval_unavailable} when the provider fails and vectors
   *     are required
   */
  public Optional<float[]> embed(String docText) {
    if (embeddings == null) {
      return Optional.empty();
    }
    try {
      return Optional.of(embeddings.embed(List.of(docText)).getFirst());
    } catch (KxmException e) {
      if (requireVector) {
        throw e;
      }
      return Optional.empty();
    }
  }

  /** Indexes the document's text, and its vector when given; inside the caller's transaction. */
  public void put(
      Connection c, String collection, String docId, String docText, Optional<float[]> vector)
      throws SQLException {
    text.put(c, collection, docId, docText);
    if (vectors != null) {
      if (vector.isPresent()) {
        vectors.put(c, collection, docId, embeddings.model(), vector.get());
      } else {
        // an old vector would describe text the document no longer has
        vectors.remove(c, collection, docId);
      }
    }
  }

  public void remove(Connection c, String collection, String docId) throws SQLException {
    text.remove(c, collection, docId);
    if (vectors != null) {
      vectors.remove(c, collection, docId);
    }
  }

  /**
   * Searches {@code collection}. The query is embedded before the database is read; call it outside
   * a write transaction.
   *
   * @throws KxmException {@code vector_retrieval_unavailable} when vectors are required and the
   *     provider fails
   */
  public RetrievalAnswer search(Connection c, String collection, String query, int limit)
      throws SQLException {
    if (SearchText.queryTerms(query).isEmpty()) {
      return new RetrievalAnswer(RetrievalMode.NONE, List.of(), null);
    }
    if (embeddings == null) {
      return new RetrievalAnswer(RetrievalMode.FTS, text.search(c, collection, query, limit), null);
    }
    float[] queryVector;
    try {
      queryVector = embeddings.embed(List.of(query)).getFirst();
    } catch (KxmException e) {
      if (requireVector) {
        throw e;
      }
      return new RetrievalAnswer(
          RetrievalMode.FTS, text.search(c, collection, query, limit), e.getMessage());
    }
    int pool = Math.max(limit * 2, 20);
    List<SearchHit> lexical = text.search(c, collection, query, pool);
    List<SearchHit> semantic =
        vectors.search(c, collection, embeddings.model(), queryVector, pool, 0.0);
    return new RetrievalAnswer(RetrievalMode.SEMANTIC, fuse(lexical, semantic, limit), null);
  }

  static List<SearchHit> fuse(List<SearchHit> lexical, List<SearchHit> semantic, int limit) {
    Map<String, Double> score = new HashMap<>();
    Map<String, Boolean> exact = new HashMap<>();
    for (int i = 0; i < lexical.size(); i++) {
      SearchHit hit = lexical.get(i);
      score.merge(hit.docId(), 1.0 / (FUSION_K + i + 1), Double::sum);
      exact.put(hit.docId(), hit.exactPhrase());
    }
    for (int i = 0; i < semantic.size(); i++) {
      score.merge(semantic.get(i).docId(), 1.0 / (FUSION_K + i + 1), Double::sum);
    }
    List<SearchHit> merged = new ArrayList<>();
    score.forEach((id, s) -> merged.add(new SearchHit(id, exact.getOrDefault(id, false), s)));
    merged.sort(
        Comparator.comparing((SearchHit h) -> !h.exactPhrase())
            .thenComparing(Comparator.comparingDouble(SearchHit::relevance).reversed())
            .thenComparing(SearchHit::docId));
    return List.copyOf(merged.subList(0, Math.min(limit, merged.size())));
  }
}

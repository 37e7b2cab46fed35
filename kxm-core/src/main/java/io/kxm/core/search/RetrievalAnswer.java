package io.kxm.core.search;

import java.util.List;

/**
 * What {@link Retrieval#search} found and how.
 *
 * @param mode the retrieval actually used, reported with every answer
 * @param fallbackReason why vectors were not used although they are on; null otherwise
 */
public record RetrievalAnswer(RetrievalMode mode, List<SearchHit> hits, String fallbackReason) {
  public RetrievalAnswer {
    hits = List.copyOf(hits);
  }
}

package io.kxm.knowledge;

import io.kxm.core.search.RetrievalMode;
import java.util.List;

/**
 * The answer to a knowledge search: the entries found, best first, and how they were found.
 *
 * @param mode {@code fts} when the index was searched, {@code none} for a blank query
 */
public record KnowledgeSearch(RetrievalMode mode, List<Hit> hits) {
  public KnowledgeSearch {
    hits = List.copyOf(hits);
  }

  /** One entry found, with its relevance (comparable only within one answer). */
  public record Hit(KnowledgeEntry entry, boolean exactPhrase, double relevance) {}
}

package io.kxm.core.search;

/**
 * How an answer was actually retrieved, reported with every answer so a caller can tell a degraded
 * search from a full one.
 */
public enum RetrievalMode {
  /** Vector similarity, merged with full-text hits. */
  SEMANTIC,
  /** Full-text search only: vectors are off, or failed and retrieval fell back. */
  FTS,
  /** Nothing was searched: the query was blank or the index holds nothing. */
  NONE;

  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}

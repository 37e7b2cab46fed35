package io.kxm.core.context;

import io.kxm.core.search.SearchHit;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Ranks items against a query by their words, with the same contract as the full-text index: items
 * holding the whole query as a phrase first, then by the share of query words they hold, ties by
 * id. Query text is plain text, never search syntax.
 */
public final class LexicalRanker {
  private LexicalRanker() {}

  /** The distinct lower-case words of {@code text}: letters and digits, two or more. */
  public static Set<String> words(String text) {
    Set<String> out = new LinkedHashSet<>();
    for (String word : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (word.length() >= 2) {
        out.add(word);
      }
    }
    return out;
  }

  /** The text an item is found by: its key, summary and provenance references. */
  public static String searchText(ContextItem item) {
    StringBuilder text = new StringBuilder();
    if (item.key() != null) {
      text.append(item.key()).append(' ');
    }
    text.append(item.summary());
    for (String ref : item.sourceRefs()) {
      text.append(' ').append(ref);
    }
    return text.toString();
  }

  /**
   * The items that match {@code query}, best first. Relevance is the share of the query's words an
   * item holds, plus 1 for an exact phrase, so it lies in 0..2.
   */
  public static List<SearchHit> rank(String query, List<ContextItem> items) {
    String phrase = query.strip().toLowerCase(Locale.ROOT);
    Set<String> queryWords = words(query);
    List<SearchHit> hits = new ArrayList<>();
    if (phrase.isEmpty()) {
      return hits;
    }
    for (ContextItem item : items) {
      String text = searchText(item).toLowerCase(Locale.ROOT);
      boolean exact = text.contains(phrase);
      Set<String> itemWords = words(text);
      long held = queryWords.stream().filter(itemWords::contains).count();
      double share = queryWords.isEmpty() ? 0 : (double) held / queryWords.size();
      if (exact || held > 0) {
        hits.add(new SearchHit(item.id(), exact, round((exact ? 1 : 0) + share)));
      }
    }
    hits.sort(
        Comparator.comparing(SearchHit::exactPhrase)
            .reversed()
            .thenComparing(Comparator.comparingDouble(SearchHit::relevance).reversed())
            .thenComparing(SearchHit::docId));
    return hits;
  }

  private static double round(double value) {
    return Math.round(value * 1000) / 1000.0;
  }
}

package io.kxm.core.search;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text normalization both index implementations share, so that SQLite and PostgreSQL see the
 * same terms and the same phrase text and therefore agree on what matches.
 *
 * <p>Terms are runs of letters and digits, lower-cased; everything else separates them. Because the
 * engines index and query only these terms, no character of a query can reach the engine's query
 * syntax: each term is quoted and holds nothing but letters and digits.
 */
final class SearchText {
  /** More terms than this in one query add little and make the engine's query large. */
  static final int MAX_QUERY_TERMS = 64;

  private static final Pattern TERM = Pattern.compile("[\\p{L}\\p{N}]+");

  private SearchText() {}

  /** The document's terms joined by single spaces: what the engines tokenize and index. */
  static String indexedTerms(String text) {
    StringBuilder out = new StringBuilder(text.length());
    Matcher matcher = TERM.matcher(text);
    while (matcher.find()) {
      if (!out.isEmpty()) {
        out.append(' ');
      }
      out.append(matcher.group().toLowerCase(Locale.ROOT));
    }
    return out.toString();
  }

  /** The query's distinct terms in order of first appearance, at most {@link #MAX_QUERY_TERMS}. */
  static List<String> queryTerms(String query) {
    Set<String> terms = new LinkedHashSet<>();
    Matcher matcher = TERM.matcher(query);
    while (matcher.find() && terms.size() < MAX_QUERY_TERMS) {
      terms.add(matcher.group().toLowerCase(Locale.ROOT));
    }
    return new ArrayList<>(terms);
  }

  /**
   * The query's words for the exact-phrase test. A document holds the query as a phrase when its
   * {@link #indexedTerms} contain these words consecutively and in order, ignoring case and
   * punctuation, on word boundaries: {@code "Retry the JOB!"} is a phrase of {@code "retry the job
   * later"}, {@code "try"} is not a phrase of {@code "retry"}.
   */
  static String paddedPhrase(String query) {
    return " " + indexedTerms(query) + " ";
  }

  static void checkDoc(String collection, String docId) {
    if (collection == null || collection.isBlank() || docId == null || docId.isBlank()) {
      throw new IllegalArgumentException("collection and docId must not be blank");
    }
  }

  static void checkLimit(int limit) {
    if (limit < 1) {
      throw new IllegalArgumentException("limit must be 1 or more, was " + limit);
    }
  }
}

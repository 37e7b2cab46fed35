package io.kxm.core.workflow;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Evidence and requirement keys compare after trimming, folding runs of whitespace to one space and
 * lower-casing, so {@code " Unit Tests"} satisfies the requirement {@code "unit tests"}.
 */
public final class EvidenceKeys {
  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private EvidenceKeys() {}

  public static String normalize(String key) {
    return WHITESPACE.matcher(key.strip()).replaceAll(" ").toLowerCase(Locale.ROOT);
  }
}

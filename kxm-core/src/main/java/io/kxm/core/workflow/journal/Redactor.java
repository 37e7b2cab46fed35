package io.kxm.core.workflow.journal;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Masks credential shapes in text that leaves the journal: reports, retrospectives and signals.
 * Pattern-based and best effort: it misses secrets of unfamiliar shapes, and its rule for long hex
 * strings also masks ordinary digests such as SHA-256 values.
 */
public final class Redactor {
  public static final String MASK = "[REDACTED]";

  private record Rule(Pattern pattern, String replacement) {}

  private static final List<Rule> RULES =
      List.of(
          rule(
              "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----", MASK),
          rule("(?i)\\b(bearer)\\s+[A-Za-z0-9._~+/=-]{8,}", "$1 " + MASK),
          rule("(?i)(://)[^/\\s:@]+:[^/\\s@]+@", "$1" + MASK + "@"),
          rule(
              "(?i)\\b([A-Z0-9_.-]*(?:secret|token|passw(?:or)?d|api[_-]?key|private[_-]?key"
                  + "|access[_-]?key|credential)[A-Z0-9_.-]*)(\\s*[=:]\\s*)(\"[^\"]*\"|'[^']*'|\\S+)",
              "$1$2" + MASK),
          rule("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}", MASK),
          rule("\\bsk-[A-Za-z0-9_-]{16,}", MASK),
          rule("\\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})", MASK),
          rule("\\bxox[abprs]-[A-Za-z0-9-]{10,}", MASK),
          rule("\\b(?:AKIA|ASIA)[0-9A-Z]{16}\\b", MASK),
          rule("\\bkxm_[a-z]+_[A-Za-z0-9_-]{20,}", MASK),
          rule("\\b[0-9a-fA-F]{40,}\\b", MASK));

  private Redactor() {}

  /** {@code text} with every credential shape replaced by {@link #MASK}; null stays null. */
  public static String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = text;
    for (Rule rule : RULES) {
      out = rule.pattern().matcher(out).replaceAll(rule.replacement());
    }
    return out;
  }

  private static Rule rule(String regex, String replacement) {
    return new Rule(Pattern.compile(regex), replacement);
  }
}

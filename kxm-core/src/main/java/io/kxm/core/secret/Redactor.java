package io.kxm.core.secret;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The one redactor: masks credential shapes in text before any surface shows it (the hub's log,
 * workflow reports, journal and context reads, what the runtime syncs to the hub and prints of
 * child processes), always with {@link #MASK}. Pattern-based and best effort: it misses secrets of
 * unfamiliar shapes, and its rule for long hex strings also masks ordinary digests such as SHA-256
 * values.
 */
public final class Redactor {
  public static final String MASK = "[REDACTED]";

  private record Rule(Pattern pattern, String replacement) {}

  /** Words that name a secret in a setting, a JSON key or a {@code key=value} pair. */
  private static final String SECRET_WORD =
      "secret|token|passw(?:or)?d|api[_-]?key|private[_-]?key|access[_-]?key|credential";

  private static final List<Rule> RULES =
      List.of(
          // In JSON text the value under a key named like a secret follows a quote and a colon.
          rule(
              "(?i)(\"[^\"]{0,64}(?:"
                  + SECRET_WORD
                  + ")[^\"]{0,64}\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*+\"?",
              "$1\"" + MASK + "\""),
          rule(
              "-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*?-----END [A-Z ]*PRIVATE KEY-----", MASK),
          // A block cut short (a truncated log line) still loses its header and what follows.
          rule("-----BEGIN [A-Z ]*PRIVATE KEY-----[\\s\\S]*", MASK),
          rule("(?i)\\b(bearer)\\s+\\S+", "$1 " + MASK),
          // The whole userinfo of a URL: user and password, or a password alone (redis://:pw@).
          rule("(?i)(://)[^/\\s@]+@", "$1" + MASK + "@"),
          rule(
              "(?i)\\b([A-Z0-9_.-]*(?:"
                  + SECRET_WORD
                  + ")[A-Z0-9_.-]*)(\\s*[=:]\\s*)(\"[^\"]*\"|'[^']*'|[^\\s,;&\"']+)",
              "$1$2" + MASK),
          rule("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}", MASK),
          // OpenAI, Anthropic and similar provider keys: sk-…, sk-proj-…, sk-ant-…
          rule("\\bsk-[A-Za-z0-9_-]{16,}", MASK),
          rule("\\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})", MASK),
          rule("\\bglpat-[A-Za-z0-9_-]{20,}", MASK),
          rule("\\bxox[abprs]-[A-Za-z0-9-]{10,}", MASK),
          rule("\\b(?:AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16}\\b", MASK),
          // KXM tokens: a short one with a capital or a digit, which tool names (kxm_word_word,
          // lower case) never hold, or any long one.
          rule(
              "\\bkxm_[a-z]+_(?:(?=[A-Za-z0-9_-]*[A-Z0-9])[A-Za-z0-9_-]{8,}|[A-Za-z0-9_-]{16,})",
              MASK));

  /**
   * A SHA-256-sized run of hex may be a key; it may as well be a digest. Masked in text, but not
   * taken as a credential where a value is judged whole: the sync allowlist admits hashes.
   */
  private static final Rule DIGEST = rule("\\b[0-9a-fA-F]{64,}\\b", MASK);

  // A long run of hex or base64 under a key named like a secret is taken for one.
  private static final Pattern SECRET_KEY =
      Pattern.compile("(?i).*(token|secret|password|passwd|credential|api[_-]?key|private|auth).*");
  private static final Pattern LONG_OPAQUE = Pattern.compile("[A-Za-z0-9+/=_-]{20,}");

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
    return DIGEST.pattern().matcher(out).replaceAll(DIGEST.replacement());
  }

  /** Whether {@code value} holds a known credential shape anywhere in it; digests do not count. */
  public static boolean looksLikeCredential(String value) {
    if (value == null) {
      return false;
    }
    for (Rule rule : RULES) {
      if (rule.pattern().matcher(value).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether {@code value}, stored under {@code key}, should be replaced whole with {@link #MASK}:
   * it holds a credential shape, or it is a long opaque string under a key named like a secret.
   */
  public static boolean redacts(String key, String value) {
    if (looksLikeCredential(value)) {
      return true;
    }
    return key != null
        && value != null
        && SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).matches()
        && LONG_OPAQUE.matcher(value).find();
  }

  private static Rule rule(String regex, String replacement) {
    return new Rule(Pattern.compile(regex), replacement);
  }
}

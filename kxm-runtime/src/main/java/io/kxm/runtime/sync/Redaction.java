package io.kxm.runtime.sync;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Credential shapes that must never leave the machine, even inside a field the sync allowlist
 * admits. Pattern matching is best effort: it catches the common token formats, and the allowlist
 * (which admits only ids, words, hashes and numbers) is the real barrier.
 */
public final class Redaction {
  public static final String MARK = "[redacted]";

  private static final List<Pattern> SHAPES =
      List.of(
          Pattern.compile("(?i)\\bbearer\\s+\\S{8,}"),
          // OpenAI, Anthropic and similar provider keys: sk-…, sk-proj-…, sk-ant-…
          Pattern.compile("\\bsk-[A-Za-z0-9_-]{16,}"),
          Pattern.compile("\\b(AKIA|ASIA|AIDA|AROA)[0-9A-Z]{16}\\b"),
          Pattern.compile("\\bgh[pousr]_[A-Za-z0-9]{20,}"),
          Pattern.compile("\\bgithub_pat_[A-Za-z0-9_]{20,}"),
          Pattern.compile("\\bglpat-[A-Za-z0-9_-]{20,}"),
          Pattern.compile("\\bxox[abprs]-[A-Za-z0-9-]{10,}"),
          Pattern.compile("\\bkxm_[a-z]+_[A-Za-z0-9_-]{16,}"),
          Pattern.compile("\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}"),
          Pattern.compile("-----BEGIN [A-Z ]*PRIVATE KEY-----"),
          Pattern.compile("(?i)\\b(password|passwd|secret|token|api[_-]?key)\\s*[=:]\\s*\\S+"));

  // A long run of hex or base64 under a key named like a secret is taken for one.
  private static final Pattern SECRET_KEY =
      Pattern.compile("(?i).*(token|secret|password|passwd|credential|api[_-]?key|private|auth).*");
  private static final Pattern LONG_OPAQUE = Pattern.compile("[A-Za-z0-9+/=_-]{20,}");
  // In JSON text the value under a key named like a secret follows a closing quote and a colon.
  private static final Pattern JSON_SECRET_VALUE =
      Pattern.compile(
          "(?i)(\"[^\"]{0,64}(token|secret|password|passwd|credential|api[_-]?key)[^\"]{0,64}\"\\s*:\\s*)\"(?:[^\"\\\\]|\\\\.)*+\"?");

  private Redaction() {}

  /** Whether {@code value} holds a known credential shape anywhere in it. */
  public static boolean looksLikeCredential(String value) {
    for (Pattern shape : SHAPES) {
      if (shape.matcher(value).find()) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code text} with every credential shape, and every string value under a JSON key named like a
   * secret, replaced by {@link #MARK}; for free text that must be shown or stored, such as a line a
   * child process wrote.
   */
  public static String scrub(String text) {
    String scrubbed = JSON_SECRET_VALUE.matcher(text).replaceAll("$1\"" + MARK + "\"");
    for (Pattern shape : SHAPES) {
      scrubbed = shape.matcher(scrubbed).replaceAll(MARK);
    }
    return scrubbed;
  }

  /** Whether {@code value}, stored under {@code key}, should be replaced with {@link #MARK}. */
  public static boolean redacts(String key, String value) {
    if (looksLikeCredential(value)) {
      return true;
    }
    return key != null
        && SECRET_KEY.matcher(key.toLowerCase(Locale.ROOT)).matches()
        && LONG_OPAQUE.matcher(value).find();
  }
}

package io.kxm.hub.log;

import java.util.regex.Pattern;

/**
 * Masks credential shapes in free text that reaches the log (exception messages from libraries).
 * Best effort: the hub never passes tokens to the log on purpose; this catches the accidents.
 */
public final class Redactor {
  private static final Pattern KXM_TOKEN = Pattern.compile("kxm_[a-z]+_[A-Za-z0-9_-]{8,}");
  private static final Pattern BEARER = Pattern.compile("(?i)(bearer\\s+)\\S+");
  private static final Pattern SECRET_PAIR =
      Pattern.compile(
          "(?i)\\b(password|passwd|secret|token|api[_-]?key)(\\s*[=:]\\s*)[^\\s,;&\"']+");

  /** The user and password of a URL such as {@code redis://user:secret@host}. */
  private static final Pattern URL_USERINFO =
      Pattern.compile("(?i)\\b([a-z][a-z0-9+.-]*://)[^\\s/]+@");

  private Redactor() {}

  public static String redact(String text) {
    if (text == null) {
      return null;
    }
    String out = KXM_TOKEN.matcher(text).replaceAll("kxm_***");
    out = URL_USERINFO.matcher(out).replaceAll("$1***@");
    out = BEARER.matcher(out).replaceAll("$1***");
    return SECRET_PAIR.matcher(out).replaceAll("$1$2***");
  }
}

package io.kxm.cli.doctor;

import java.nio.file.Path;
import java.util.regex.Pattern;

/** Paths as they appear in a fix: as they are when a shell reads them so, else single-quoted. */
final class ShellWords {
  private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:@%+=,-]+");

  private ShellWords() {}

  static String quote(Path path) {
    String text = path.toString();
    return PLAIN.matcher(text).matches() ? text : "'" + text.replace("'", "'\\''") + "'";
  }
}

package io.kxm.cli.session;

/** Text from agents made safe to print on a person's terminal. */
public final class TerminalText {
  private TerminalText() {}

  /**
   * The text without control characters other than newline and tab, so that an agent's output
   * cannot move the cursor, retitle the window or hide what came before (terminal escape
   * sequences).
   */
  public static String printable(String text) {
    StringBuilder kept = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = (c < 0x20 && c != '\n' && c != '\t') || (c >= 0x7f && c <= 0x9f);
      if (control && kept == null) {
        kept = new StringBuilder(text.length()).append(text, 0, i);
      } else if (!control && kept != null) {
        kept.append(c);
      }
    }
    return kept == null ? text : kept.toString();
  }
}

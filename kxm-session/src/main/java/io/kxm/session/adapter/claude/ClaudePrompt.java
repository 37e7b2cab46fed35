package io.kxm.session.adapter.claude;

import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;

/**
 * The text a turn gives {@code claude -p}: the prompt, after the session's earlier messages when
 * there are any. Each turn is a fresh CLI process, so the history is how it knows what was said.
 * The most recent messages are kept up to {@link #MAX_HISTORY_CHARS}; older ones are left out and
 * the text says so.
 */
final class ClaudePrompt {
  static final int MAX_HISTORY_CHARS = 512 * 1024;

  private ClaudePrompt() {}

  static String of(TurnInput input) {
    List<SessionMessage> history = input.history();
    if (history.isEmpty()) {
      return input.prompt();
    }
    Deque<String> kept = new ArrayDeque<>();
    int chars = 0;
    for (int i = history.size() - 1; i >= 0; i--) {
      String entry = entry(history.get(i));
      if (chars + entry.length() > MAX_HISTORY_CHARS) {
        break;
      }
      kept.addFirst(entry);
      chars += entry.length();
    }
    StringBuilder text = new StringBuilder("Earlier in this session");
    int left = history.size() - kept.size();
    text.append(left > 0 ? " (the " + left + " oldest messages left out)" : "").append(":\n\n");
    kept.forEach(text::append);
    return text.append("The new request:\n\n").append(input.prompt()).toString();
  }

  private static String entry(SessionMessage message) {
    String role = message.role() == null ? "user" : message.role();
    String content = message.content() == null ? "" : message.content();
    return "<" + role + ">\n" + content + "\n</" + role + ">\n\n";
  }
}

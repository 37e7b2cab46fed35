package io.kxm.session.adapter;

import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.TurnInput;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * One prompt that carries a session's history, for agent CLIs that start each turn fresh: the
 * earlier exchanges and a person's answers, oldest first, then the new request. The CLI keeps no
 * conversation between turns, so this text is all it knows of the session.
 */
public final class FoldedPrompt {
  private FoldedPrompt() {}

  /** The turn's prompt alone when the session has no history and nothing was answered. */
  public static String of(TurnInput input) {
    if (input.history().isEmpty() && input.resumed().isEmpty()) {
      return input.prompt();
    }
    StringBuilder text = new StringBuilder();
    if (!input.history().isEmpty()) {
      text.append("This conversation continues an earlier one. What was said so far:\n");
      appendHistory(text, input.history());
    }
    if (!input.resumed().isEmpty()) {
      text.append("\nA person already answered these questions of yours in this turn:\n");
      appendAnswers(text, input.resumed());
    }
    text.append("\nThe request now:\n").append(input.prompt());
    return text.toString();
  }

  private static void appendHistory(StringBuilder text, List<SessionMessage> history) {
    for (SessionMessage message : history) {
      text.append("\n[")
          .append(label(message.role()))
          .append("]\n")
          .append(message.content())
          .append('\n');
    }
  }

  private static void appendAnswers(StringBuilder text, List<JsonNode> resumed) {
    for (JsonNode entry : resumed) {
      text.append("\n[question, ")
          .append(entry.path("kind").asString(""))
          .append("]\n")
          .append(entry.path("request").toString())
          .append("\n[answer]\n")
          .append(entry.path("answer").toString())
          .append('\n');
    }
  }

  private static String label(String role) {
    return switch (role) {
      case "user" -> "user";
      case "assistant" -> "you";
      case "interaction" -> "a person's answer";
      default -> role;
    };
  }
}

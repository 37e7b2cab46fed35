package io.kxm.session.builtin;

import io.kxm.session.api.SessionMessage;
import io.kxm.session.provider.ConversationItem;
import java.util.ArrayList;
import java.util.List;

/** Rebuilds the model's view of a session from its durable history. */
final class Conversations {
  private Conversations() {}

  /**
   * The session's earlier turns: prompts as user text, final messages as the assistant's, and
   * answers a person gave as user text that says so. Tool calls of earlier turns are not part of
   * the history; their effects are in the worktree.
   */
  static List<ConversationItem> fromHistory(List<SessionMessage> history) {
    List<ConversationItem> items = new ArrayList<>();
    for (SessionMessage message : history) {
      switch (message.role()) {
        case "user" -> items.add(new ConversationItem.UserText(message.content()));
        case "assistant" ->
            items.add(new ConversationItem.AssistantReply(message.content(), List.of()));
        case "interaction" ->
            items.add(
                new ConversationItem.UserText(
                    "(a person answered a question of that turn: " + message.content() + ")"));
        default -> {
          // a role this build does not know carries nothing the model can use
        }
      }
    }
    return items;
  }
}

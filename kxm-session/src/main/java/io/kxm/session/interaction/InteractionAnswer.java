package io.kxm.session.interaction;

import io.kxm.core.json.Json;
import java.util.Locale;
import java.util.Set;
import tools.jackson.databind.node.ObjectNode;

/**
 * A person's answer to one interaction, by kind. {@link #body()} is both the resolve body a client
 * sends and the answer the store keeps and the harness receives, so the two never differ.
 */
public sealed interface InteractionAnswer {
  /** Every field an answer body of any kind may hold; each kind takes a subset. */
  Set<String> FIELDS = Set.of("approved", "answer", "by", "action", "content");

  /** Who answered, as the caller names itself; null when not given. */
  String by();

  /**
   * The answer as JSON: {@code {approved, answer?, by?}}, {@code {answer, by?}} or {@code {action,
   * content?, by?}}.
   */
  ObjectNode body();

  /**
   * @param reason why it was granted or refused; null when none was given
   */
  record Approval(boolean approved, String reason, String by) implements InteractionAnswer {
    @Override
    public ObjectNode body() {
      ObjectNode body = Json.object().put("approved", approved);
      if (reason != null) {
        body.put("answer", reason);
      }
      return withBy(body, by);
    }
  }

  record Clarification(String text, String by) implements InteractionAnswer {
    public Clarification {
      if (text == null) {
        throw new IllegalArgumentException("a clarification's answer is text");
      }
    }

    @Override
    public ObjectNode body() {
      return withBy(Json.object().put("answer", text), by);
    }
  }

  /**
   * @param content the filled form on {@code accept}; null on {@code decline} and {@code cancel}
   */
  record Elicitation(Action action, ObjectNode content, String by) implements InteractionAnswer {
    public Elicitation {
      if (action == null) {
        throw new IllegalArgumentException("an elicitation's answer has an action");
      }
      if ((action == Action.ACCEPT) != (content != null)) {
        throw new IllegalArgumentException("content goes with accept, and only with accept");
      }
    }

    @Override
    public ObjectNode body() {
      ObjectNode body = Json.object().put("action", action.wire());
      if (content != null) {
        body.set("content", content.deepCopy());
      }
      return withBy(body, by);
    }
  }

  /** MCP elicitation's outcomes: the person sent the form, said no, or dismissed the question. */
  enum Action {
    ACCEPT,
    DECLINE,
    CANCEL;

    public String wire() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  private static ObjectNode withBy(ObjectNode body, String by) {
    if (by != null) {
      body.put("by", by);
    }
    return body;
  }
}

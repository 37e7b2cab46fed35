package io.kxm.testkit.provider;

import java.util.function.Predicate;

/**
 * A conditional answer: whenever a request matches, the rule's reply is given instead of the next
 * queued turn. Rules are checked in the order they were added and stay in force, which is how a
 * tool loop is scripted: queue the tool call, and add a rule answering the tool's result.
 */
public record Rule(String description, Predicate<RecordedRequest> when, Reply reply) {
  public Rule {
    if (description == null || when == null || reply == null) {
      throw new IllegalArgumentException("a rule needs a description, a condition and a reply");
    }
  }

  /** When the conversation's last message contains {@code text}. */
  public static Rule whenLastMessageContains(String text, Reply reply) {
    return new Rule(
        "last message contains " + text, r -> r.lastMessageText().contains(text), reply);
  }

  /** When the request carries back the result of a call to the tool named {@code toolName}. */
  public static Rule whenToolResultFor(String toolName, Reply reply) {
    return new Rule(
        "tool result for " + toolName,
        r -> r.toolResults().stream().anyMatch(result -> result.toolName().equals(toolName)),
        reply);
  }
}

package io.kxm.session.provider;

import java.util.List;
import java.util.Objects;

/** One entry of the conversation sent to a model, in a shape every wire format can encode. */
public sealed interface ConversationItem {

  /** What the person said. */
  record UserText(String text) implements ConversationItem {
    public UserText {
      Objects.requireNonNull(text, "text");
    }
  }

  /** What the model answered: text, tool calls, or both. */
  record AssistantReply(String text, List<ToolUse> calls) implements ConversationItem {
    public AssistantReply {
      Objects.requireNonNull(text, "text");
      calls = List.copyOf(calls);
    }
  }

  /** The result of one tool call, answering {@link ToolUse#id()}. */
  record ToolOutput(String callId, String output, boolean isError) implements ConversationItem {
    public ToolOutput {
      Objects.requireNonNull(callId, "callId");
      Objects.requireNonNull(output, "output");
    }
  }
}

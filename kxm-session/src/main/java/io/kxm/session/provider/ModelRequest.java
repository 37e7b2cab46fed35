package io.kxm.session.provider;

import java.util.List;
import java.util.Objects;

/**
 * One call to a model: the conversation so far and the tools it may call.
 *
 * @param model the provider's model name, without the route prefix
 * @param maxOutputTokens the most tokens the model may write in its answer
 */
public record ModelRequest(
    String model,
    String system,
    List<ConversationItem> items,
    List<ToolSpec> tools,
    int maxOutputTokens) {
  public ModelRequest {
    Objects.requireNonNull(model, "model");
    Objects.requireNonNull(system, "system");
    items = List.copyOf(items);
    tools = List.copyOf(tools);
    if (maxOutputTokens < 1) {
      throw new IllegalArgumentException("maxOutputTokens must be positive");
    }
  }
}

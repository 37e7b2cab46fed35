package io.kxm.session.provider;

import io.kxm.runtime.usage.TokenUsage;
import java.util.List;
import java.util.Objects;

/**
 * A model's complete answer to one call.
 *
 * @param usage the call's token counts; {@link TokenUsage#unavailable()} when the provider sent
 *     none
 */
public record ModelReply(String text, List<ToolUse> calls, TokenUsage usage) {
  public ModelReply {
    Objects.requireNonNull(text, "text");
    calls = List.copyOf(calls);
    Objects.requireNonNull(usage, "usage");
  }
}

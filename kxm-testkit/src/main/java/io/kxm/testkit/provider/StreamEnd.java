package io.kxm.testkit.provider;

/** How a streamed turn ends: completely, by a dropped connection, or by an in-stream error. */
public sealed interface StreamEnd {
  /** Every event is sent and the body ends cleanly. */
  record Complete() implements StreamEnd {}

  /** After {@code events} events the connection drops without ending the chunked body. */
  record Cut(int events) implements StreamEnd {
    public Cut {
      if (events < 0) {
        throw new IllegalArgumentException("cut point must not be negative, got " + events);
      }
    }
  }

  /**
   * After {@code events} events the dialect's in-stream error is sent (Anthropic {@code error},
   * Responses {@code response.failed}, a Chat Completions chunk holding {@code error}) and the body
   * ends cleanly, as when a provider is overloaded mid-answer.
   */
  record Failed(int events, String message) implements StreamEnd {
    public Failed {
      if (events < 0) {
        throw new IllegalArgumentException("error point must not be negative, got " + events);
      }
      if (message == null || message.isBlank()) {
        throw new IllegalArgumentException("an in-stream error needs a message");
      }
    }
  }
}

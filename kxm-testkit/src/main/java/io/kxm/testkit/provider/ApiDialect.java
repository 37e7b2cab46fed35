package io.kxm.testkit.provider;

/** The wire format a request arrived in; replies are written in the same one. */
public enum ApiDialect {
  /** Anthropic Messages, {@code POST /v1/messages}. */
  ANTHROPIC_MESSAGES,
  /** OpenAI Responses, {@code POST /v1/responses}. */
  OPENAI_RESPONSES,
  /** OpenAI Chat Completions, {@code POST /v1/chat/completions}. */
  OPENAI_CHAT
}

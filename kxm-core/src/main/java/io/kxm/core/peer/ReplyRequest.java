package io.kxm.core.peer;

/**
 * The final reply to an inbound request ({@code kxm_reply}).
 *
 * @param messageId a request addressed to the caller
 * @param content the result with its evidence and remaining risks, at most 32,000 characters
 */
public record ReplyRequest(String messageId, String content) {

  public ReplyRequest {
    messageId = Limits.required("messageId", messageId, Limits.ID_MAX);
    content = Limits.required("content", content, Limits.CONTENT_MAX);
  }
}

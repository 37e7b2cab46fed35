package io.kxm.hub.messaging;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.kxm.core.error.KxmException;
import io.kxm.core.peer.SendResult;

/**
 * How sending to one fanout target went, as {@code POST …/fanout} answers it: sent (with the
 * request's status, {@code queued} for a new one) or {@code error}. Waiting for replies is the
 * client's part.
 *
 * @param target the peer name or agent ID as given
 * @param status the request's status, or {@code error}
 * @param messageId the request, when sent
 * @param error the refusal, starting with its code, when not sent
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FanoutSent(String target, String status, String messageId, String error) {

  static FanoutSent sent(String target, SendResult result) {
    return new FanoutSent(target, result.status().wire(), result.messageId(), null);
  }

  static FanoutSent failed(String target, KxmException refusal) {
    return new FanoutSent(
        target, "error", null, refusal.code().code() + ": " + refusal.getMessage());
  }

  public boolean sent() {
    return messageId != null;
  }
}

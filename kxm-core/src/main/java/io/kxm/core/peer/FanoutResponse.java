package io.kxm.core.peer;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import io.kxm.core.messaging.MessageStatus;
import java.time.Instant;

/**
 * How one target of a fanout ended: finished, still pending when the wait ended, or never sent. The
 * {@code status} field tells them apart on the wire.
 */
@JsonTypeInfo(
    use = JsonTypeInfo.Id.NAME,
    include = JsonTypeInfo.As.EXISTING_PROPERTY,
    property = "status",
    visible = true)
@JsonSubTypes({
  @JsonSubTypes.Type(
      value = FanoutResponse.Finished.class,
      names = {"replied", "cancelled", "expired"}),
  @JsonSubTypes.Type(value = FanoutResponse.Pending.class, name = "pending"),
  @JsonSubTypes.Type(value = FanoutResponse.Failed.class, name = "error")
})
@JsonInclude(JsonInclude.Include.NON_NULL)
public sealed interface FanoutResponse {

  /** The peer name or agent ID as the caller gave it. */
  String target();

  /**
   * The request reached a final state.
   *
   * @param status replied, cancelled or expired
   * @param reply the peer's reply when replied
   * @param error why it ended otherwise, when known
   */
  record Finished(String target, String messageId, MessageStatus status, String reply, String error)
      implements FanoutResponse {
    public Finished {
      if (status == null || !status.isTerminal()) {
        throw new IllegalArgumentException("a finished fanout response needs a final status");
      }
    }
  }

  /**
   * The request was still open when the local wait ended; check it later with {@code kxm_get}.
   *
   * @param messageStatus queued or delivered
   * @param waitStatus why the wait ended
   */
  @JsonIgnoreProperties(value = "status", allowGetters = true)
  record Pending(
      String target,
      String messageId,
      MessageStatus messageStatus,
      Instant expiresAt,
      WaitStatus waitStatus)
      implements FanoutResponse {
    @JsonProperty("status")
    public String status() {
      return "pending";
    }
  }

  /**
   * The request to this target could not be sent; the other targets are unaffected.
   *
   * @param error the refusal, starting with its code, for example {@code target_not_found: …}
   */
  @JsonIgnoreProperties(value = "status", allowGetters = true)
  record Failed(String target, String error) implements FanoutResponse {
    @JsonProperty("status")
    public String status() {
      return "error";
    }
  }
}

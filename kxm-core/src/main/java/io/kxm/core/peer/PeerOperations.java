package io.kxm.core.peer;

import io.kxm.core.error.KxmException;
import java.util.List;

/**
 * What one registered agent can do with its peers. Every tool acts through this port as the agent
 * of the calling session; the hub implements it in process (for its MCP endpoint) and over HTTP
 * (for {@code kxm mcp} and the CLI).
 *
 * <p>Refusals arrive as {@link KxmException} with the hub's code, for example {@code
 * target_not_found}, {@code self_target}, {@code message_not_found}, {@code message_forbidden},
 * {@code duplicate_reply}, {@code invalid_message_state} or {@code idempotency_conflict}.
 */
public interface PeerOperations {

  /** Agents in the caller's project, the caller included; offline ones only when asked. */
  List<AgentInfo> list(boolean includeOffline);

  /** Sends one request; an exact retry with the same idempotency key returns the original. */
  SendResult send(SendRequest request);

  /** A request the caller sent or received, as it stands now. */
  PeerMessage get(String messageId);

  /** Sends to every target independently and waits up to the request's timeout for replies. */
  FanoutResult fanout(FanoutRequest request);

  /**
   * Waits until a request the caller sent is final or the timeout passes, and returns it as it
   * stands then; a status that is not final means the wait timed out.
   */
  PeerMessage await(AwaitRequest request);

  /** Cancels an unanswered request the caller sent; an already cancelled one comes back as is. */
  PeerMessage cancel(String messageId);

  /** Inbound requests that still wait for the caller's reply. */
  List<PeerMessage> inbox();

  /** Answers a request addressed to the caller. */
  ReplyResult reply(ReplyRequest request);
}

package io.kxm.store.messaging;

import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Durable requests between agents. Status changes are conditional updates that follow {@link
 * io.kxm.core.messaging.MessageTransitions}; a change from the wrong state, or one that lost a
 * race, comes back as {@link TransitionOutcome.Refused}.
 */
public interface MessageStore {

  /**
   * Stores a new {@code queued} request with a fresh id, created now and expiring after its TTL.
   * When the sender already used the idempotency key in this project, nothing is stored and the
   * earlier message is returned as {@link MessageInsert.DuplicateKey}.
   */
  MessageInsert insert(NewMessage message);

  Optional<StoredMessage> findById(String messageId);

  Optional<StoredMessage> findByIdempotencyKey(String project, String fromAgentId, String key);

  /**
   * Requests to this agent still waiting for a reply ({@code queued} or {@code delivered}) and
   * within their TTL, oldest first.
   */
  List<StoredMessage> openForRecipient(String agentId);

  /** Requests to this agent it has not acknowledged yet and within their TTL, oldest first. */
  List<StoredMessage> queuedForRecipient(String agentId);

  /** The recipient acknowledged the request: {@code queued → delivered}. */
  TransitionOutcome markDelivered(String messageId);

  /** The recipient answered: {@code queued|delivered → replied}, storing {@code reply}. */
  TransitionOutcome reply(String messageId, String reply);

  /** The sender withdrew the request: {@code queued|delivered → cancelled}. */
  TransitionOutcome cancel(String messageId);

  /** Ends an open request now as {@code expired}, whatever its TTL says. */
  TransitionOutcome expire(String messageId);

  /**
   * Expires open requests whose TTL has run out, oldest deadline first, at most {@code limit}.
   *
   * @return the messages this call expired, in their new state
   */
  List<StoredMessage> expireDue(int limit);

  /** Deletes messages that ended before {@code cutoff}; returns how many. */
  int purgeTerminalBefore(Instant cutoff);
}

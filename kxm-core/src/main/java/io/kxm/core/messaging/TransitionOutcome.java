package io.kxm.core.messaging;

/**
 * The result of asking for a status change. Losing a race or asking from the wrong state is an
 * expected answer, not an error.
 */
public sealed interface TransitionOutcome {

  /** The change was made; {@code message} is the row after it. */
  record Applied(StoredMessage message) implements TransitionOutcome {}

  /** The message was not in a state that allows {@code attempted}; {@code current} is as found. */
  record Refused(StoredMessage current, MessageStatus attempted) implements TransitionOutcome {}

  /** No message has this id. */
  record NotFound(String messageId) implements TransitionOutcome {}
}

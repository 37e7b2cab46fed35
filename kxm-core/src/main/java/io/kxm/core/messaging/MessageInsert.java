package io.kxm.core.messaging;

/**
 * What storing a new request did. A second request under an idempotency key the sender already used
 * is not stored; the first one comes back so the caller can compare request hashes.
 */
public sealed interface MessageInsert {
  StoredMessage message();

  /** Stored as a new {@code queued} message. */
  record Inserted(StoredMessage message) implements MessageInsert {}

  /** The sender already used this idempotency key; {@code message} is the earlier request. */
  record DuplicateKey(StoredMessage message) implements MessageInsert {}
}

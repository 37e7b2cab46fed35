package io.kxm.store.messaging;

import io.kxm.core.messaging.MessageInsert;
import io.kxm.core.messaging.NewMessage;
import io.kxm.core.messaging.StoredMessage;
import io.kxm.core.messaging.TransitionOutcome;
import io.kxm.store.Transactions;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** {@link MessageStore} that runs each call in a transaction of its own, read or write. */
public final class RoutedMessageStore implements MessageStore {
  private final Transactions tx;

  public RoutedMessageStore(Transactions tx) {
    this.tx = tx;
  }

  @Override
  public MessageInsert insert(NewMessage message) {
    return tx.write(t -> t.messages().insert(message));
  }

  @Override
  public Optional<StoredMessage> findById(String messageId) {
    return tx.read(t -> t.messages().findById(messageId));
  }

  @Override
  public Optional<StoredMessage> findByIdempotencyKey(
      String project, String fromAgentId, String key) {
    return tx.read(t -> t.messages().findByIdempotencyKey(project, fromAgentId, key));
  }

  @Override
  public List<StoredMessage> openForRecipient(String agentId) {
    return tx.read(t -> t.messages().openForRecipient(agentId));
  }

  @Override
  public List<StoredMessage> queuedForRecipient(String agentId) {
    return tx.read(t -> t.messages().queuedForRecipient(agentId));
  }

  @Override
  public TransitionOutcome markDelivered(String messageId) {
    return tx.write(t -> t.messages().markDelivered(messageId));
  }

  @Override
  public TransitionOutcome reply(String messageId, String reply) {
    return tx.write(t -> t.messages().reply(messageId, reply));
  }

  @Override
  public TransitionOutcome cancel(String messageId) {
    return tx.write(t -> t.messages().cancel(messageId));
  }

  @Override
  public TransitionOutcome expire(String messageId) {
    return tx.write(t -> t.messages().expire(messageId));
  }

  @Override
  public List<StoredMessage> expireDue(int limit) {
    return tx.write(t -> t.messages().expireDue(limit));
  }

  @Override
  public int purgeTerminalBefore(Instant cutoff) {
    return tx.write(t -> t.messages().purgeTerminalBefore(cutoff));
  }
}

package io.kxm.store.messaging;

import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.messaging.TransitionOutcome;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.params.provider.Arguments;

/** The message lifecycle as the tests see it, written out apart from the table under test. */
final class Lifecycle {
  /** Every move the reference lifecycle draws, as {@code from>to}. */
  static final Set<String> DIAGRAM =
      Set.of(
          "queued>delivered",
          "queued>replied",
          "delivered>replied",
          "queued>cancelled",
          "delivered>cancelled",
          "queued>expired",
          "delivered>expired");

  private Lifecycle() {}

  /** Every pair of a status and a status one might ask to move to. */
  static Stream<Arguments> everyChange() {
    return Arrays.stream(MessageStatus.values())
        .flatMap(from ->
            Arrays.stream(MessageStatus.values())
                .filter(to -> to != MessageStatus.QUEUED)
                .map(to -> Arguments.of(from, to)));
  }

  /** Asks the store for the change that leads to {@code target}. */
  static TransitionOutcome apply(MessageStore messages, String id, MessageStatus target) {
    return switch (target) {
      case DELIVERED -> messages.markDelivered(id);
      case REPLIED -> messages.reply(id, "reply to " + id);
      case CANCELLED -> messages.cancel(id);
      case EXPIRED -> messages.expire(id);
      case QUEUED -> throw new IllegalArgumentException("nothing moves back to queued");
    };
  }
}

package io.kxm.core.messaging;

import static io.kxm.core.messaging.MessageStatus.CANCELLED;
import static io.kxm.core.messaging.MessageStatus.DELIVERED;
import static io.kxm.core.messaging.MessageStatus.EXPIRED;
import static io.kxm.core.messaging.MessageStatus.QUEUED;
import static io.kxm.core.messaging.MessageStatus.REPLIED;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageTransitionsTest {

  @Test
  void the_table_holds_exactly_the_seven_moves_of_the_lifecycle() {
    List<String> allowed = new ArrayList<>();
    for (MessageStatus from : MessageStatus.values()) {
      for (MessageStatus to : MessageStatus.values()) {
        if (MessageTransitions.allowed(from, to)) {
          allowed.add(from.wire() + ">" + to.wire());
        }
      }
    }

    assertThat(allowed)
        .containsExactlyInAnyOrder(
            "queued>delivered",
            "queued>replied",
            "queued>cancelled",
            "queued>expired",
            "delivered>replied",
            "delivered>cancelled",
            "delivered>expired");
  }

  @Test
  void end_states_are_terminal_and_open_states_are_the_sources_of_every_end() {
    assertThat(List.of(REPLIED, CANCELLED, EXPIRED)).allMatch(MessageStatus::isTerminal);
    assertThat(List.of(QUEUED, DELIVERED)).allMatch(MessageStatus::isOpen);
    assertThat(MessageTransitions.sourcesOf(REPLIED)).containsExactlyInAnyOrder(QUEUED, DELIVERED);
    assertThat(MessageTransitions.sourcesOf(DELIVERED)).containsExactly(QUEUED);
    assertThat(MessageTransitions.sourcesOf(QUEUED)).isEmpty();
  }

  @Test
  void wire_names_round_trip() {
    for (MessageStatus status : MessageStatus.values()) {
      assertThat(MessageStatus.fromWire(status.wire())).isEqualTo(status);
    }
    for (Delivery delivery : Delivery.values()) {
      assertThat(Delivery.fromWire(delivery.wire())).isEqualTo(delivery);
    }
    assertThat(Delivery.NEXT_TURN.wire()).isEqualTo("nextTurn");
  }
}

package io.kxm.core.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.messaging.Delivery;
import io.kxm.core.messaging.MessageStatus;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PeerWireFormatTest {
  private static final Instant T = Instant.parse("2026-01-02T03:04:05Z");

  @Test
  void a_message_leaves_out_fields_that_do_not_apply_and_writes_times_as_iso_text() {
    PeerMessage message =
        new PeerMessage(
            "msg_1",
            "agt_a",
            "alice",
            "agt_b",
            "bob",
            "review this",
            Delivery.FOLLOW_UP,
            MessageStatus.QUEUED,
            T,
            T.plusSeconds(60),
            null,
            null,
            null,
            null,
            null,
            null);
    JsonNode json = Json.MAPPER.valueToTree(message);
    assertThat(json.path("delivery").asString()).isEqualTo("followUp");
    assertThat(json.path("status").asString()).isEqualTo("queued");
    assertThat(json.path("createdAt").asString()).isEqualTo("2026-01-02T03:04:05Z");
    assertThat(json.has("reply")).isFalse();
    assertThat(Json.MAPPER.treeToValue(json, PeerMessage.class)).isEqualTo(message);
  }

  @Test
  void fanout_responses_carry_their_status_and_read_back_as_the_same_variant() {
    FanoutResult result =
        new FanoutResult(
            List.of(
                new FanoutResponse.Finished("bob", "msg_1", MessageStatus.REPLIED, "done", null),
                new FanoutResponse.Pending(
                    "carol", "msg_2", MessageStatus.DELIVERED, T, WaitStatus.TIMED_OUT),
                new FanoutResponse.Failed("dave", "target_not_found: no peer named dave")));
    String json = Json.write(result);
    assertThat(json)
        .contains("\"status\":\"replied\"")
        .contains("\"status\":\"pending\"")
        .contains("\"waitStatus\":\"timed_out\"")
        .contains("\"status\":\"error\"");
    assertThat(Json.read(json, FanoutResult.class)).isEqualTo(result);
  }
}

package io.kxm.core.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class StreamEventTest {
  private final Instant ts = Instant.parse("2030-01-01T00:00:00Z");

  @Test
  void an_event_belongs_to_exactly_one_agent_or_run() {
    assertThatThrownBy(() -> new StreamEvent(1, "x", ts, "agt_1", "run_1", "{}"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new StreamEvent(1, "x", ts, null, null, "{}"))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void the_envelope_of_a_run_event_names_the_run_and_embeds_the_data() {
    StreamEvent event = new StreamEvent(5, "run.started", ts, null, "run_1", "{\"a\":1}");

    assertThat(event.envelopeJson())
        .isEqualTo(
            "{\"seq\":5,\"type\":\"run.started\",\"ts\":\"2030-01-01T00:00:00Z\","
                + "\"runId\":\"run_1\",\"data\":{\"a\":1}}");
  }

  @Test
  void types_are_dotted_lower_case_names() {
    assertThat(StreamEvent.requireType("message.queued")).isEqualTo("message.queued");
    assertThatThrownBy(() -> StreamEvent.requireType("Message Queued"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

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

  @Test
  void the_envelope_splices_compact_data_exactly_as_the_mapper_would_write_it() {
    String data =
        "{\"text\":\"a \\\"quoted\\\" word, \\n and \u00e9\",\"n\":[1,2.5,null,true],\"o\":{}}";
    StreamEvent event = StreamEvent.forAgent(9, "message.queued", ts, "agt_1", data);

    assertThat(event.envelopeJson()).isEqualTo(viaMapper(event));
    assertThat(event.envelopeJson()).contains("\"data\":" + data + "}");
  }

  @Test
  void data_with_whitespace_between_tokens_is_compacted_so_no_line_break_reaches_a_frame() {
    String data = "{\n  \"a\" : [ 1,\t2 ],\r\n  \"b\": \"x y\"\n}";
    StreamEvent event = StreamEvent.forAgent(3, "x.y", ts, "agt_1", data);

    assertThat(event.envelopeJson()).isEqualTo(viaMapper(event)).doesNotContain("\n", "\r");
    assertThat(event.envelopeJson()).endsWith("\"data\":{\"a\":[1,2],\"b\":\"x y\"}}");
  }

  @Test
  void an_owner_id_with_characters_to_escape_is_escaped() {
    StreamEvent event = StreamEvent.forAgent(1, "x", ts, "a\"b\\c", "{}");

    assertThat(event.envelopeJson()).isEqualTo(viaMapper(event));
  }

  @Test
  void type_names_are_checked_word_by_word() {
    for (String good : new String[] {"a", "run.started", "a_1.b2.c_", "x.y.z"}) {
      assertThat(StreamEvent.requireType(good)).isEqualTo(good);
    }
    for (String bad : new String[] {"1a", ".a", "a.", "a..b", "a.1b", "a-b", "A", "a b", "_a"}) {
      assertThatThrownBy(() -> StreamEvent.requireType(bad))
          .as(bad)
          .isInstanceOf(IllegalArgumentException.class);
    }
  }

  /** The envelope as the mapper builds it from a parse of the data: what the splice must match. */
  private static String viaMapper(StreamEvent event) {
    var envelope = io.kxm.core.json.Json.object();
    envelope.put("seq", event.seq()).put("type", event.type()).put("ts", event.ts().toString());
    envelope.put("agentId", event.agentId());
    envelope.set("data", io.kxm.core.json.Json.read(event.data()));
    return io.kxm.core.json.Json.write(envelope);
  }
}

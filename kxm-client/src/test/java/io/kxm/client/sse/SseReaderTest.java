package io.kxm.client.sse;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class SseReaderTest {

  static SseReader reader(String wire, int maxLine, int maxEvent) {
    return new SseReader(
        new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8)), maxLine, maxEvent);
  }

  @Test
  void frames_carry_id_event_and_data_lines_joined_by_newlines() throws IOException {
    SseReader frames =
        reader(
            ": heartbeat\n\nid: 42\ndata: {\"a\":1,\ndata: \"b\":2}\n\nevent: cursor_expired\r\ndata: {}\r\n\r\n",
            1024,
            1024);

    assertThat(frames.next()).isEqualTo(new SseFrame("42", null, "{\"a\":1,\n\"b\":2}", false));
    assertThat(frames.next()).isEqualTo(new SseFrame(null, "cursor_expired", "{}", false));
    assertThat(frames.next()).isNull();
  }

  @Test
  void a_line_past_the_limit_is_consumed_unkept_and_the_next_event_reads_normally()
      throws IOException {
    String huge = "x".repeat(5_000);
    SseReader frames = reader("id: 1\ndata: " + huge + "\n\nid: 2\ndata: ok\n\n", 100, 10_000);

    assertThat(frames.next()).isEqualTo(new SseFrame("1", null, null, true));
    assertThat(frames.next()).isEqualTo(new SseFrame("2", null, "ok", false));
  }

  @Test
  void an_event_whose_data_passes_the_limit_is_dropped_but_keeps_its_id() throws IOException {
    String line = "data: " + "y".repeat(60) + "\n";
    SseReader frames = reader("id: 7\n" + line.repeat(5) + "\nid: 8\ndata: fine\n\n", 100, 200);

    assertThat(frames.next()).isEqualTo(new SseFrame("7", null, null, true));
    assertThat(frames.next().data()).isEqualTo("fine");
  }

  @Test
  void a_half_sent_last_event_is_dropped_at_the_end_of_the_stream() throws IOException {
    SseReader frames = reader("id: 3\ndata: done\n\nid: 4\ndata: cut off", 1024, 1024);

    assertThat(frames.next().id()).isEqualTo("3");
    assertThat(frames.next()).isNull();
  }
}

package io.kxm.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseReaderTest {

  static SseReader reader(String wire, int maxLine, int maxEvent) {
    return new SseReader(bytes(wire), maxLine, maxEvent);
  }

  static InputStream bytes(String wire) {
    return new ByteArrayInputStream(wire.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void frames_carry_id_event_and_data_lines_joined_by_newlines() throws IOException {
    SseReader frames =
        reader(
            ": heartbeat\n\nid: 42\ndata: {\"a\":1,\ndata: \"b\":2}\n\nevent: cursor_expired\r\ndata: {}\r\n\r\n",
            1024,
            1024);

    assertThat(frames.next()).isEqualTo(new SseFrame("42", null, "{\"a\":1,\n\"b\":2}"));
    assertThat(frames.next()).isEqualTo(new SseFrame(null, "cursor_expired", "{}"));
    assertThat(frames.next()).isNull();
  }

  @Test
  void lines_may_end_with_lf_crlf_or_a_lone_cr_even_split_across_reads() throws IOException {
    String wire = "id: 1\rdata: a\r\rid: 2\r\ndata: b\r\n\r\nid: 3\ndata: c\n\n";
    for (int buffer : new int[] {1, 2, 3, 7, 8192}) {
      SseReader frames = new SseReader(bytes(wire), 64, 64, buffer);

      assertThat(frames.next()).as("buffer %d", buffer).isEqualTo(new SseFrame("1", null, "a"));
      assertThat(frames.next()).as("buffer %d", buffer).isEqualTo(new SseFrame("2", null, "b"));
      assertThat(frames.next()).as("buffer %d", buffer).isEqualTo(new SseFrame("3", null, "c"));
      assertThat(frames.next()).isNull();
    }
  }

  @Test
  void a_value_loses_one_leading_space_and_a_field_without_colon_is_empty() throws IOException {
    SseReader frames = reader("data:  two\ndata\nid:x\nretry: 1500\nfoo: bar\n\n", 64, 64);

    assertThat(frames.next()).isEqualTo(new SseFrame("x", null, " two\n", 1500L, false));
  }

  @Test
  void a_retry_that_is_not_digits_is_ignored_and_an_event_without_data_keeps_its_id()
      throws IOException {
    SseReader frames = reader("id: 9\nretry: soon\n\n", 64, 64);

    assertThat(frames.next()).isEqualTo(new SseFrame("9", null, null));
    assertThat(frames.next()).isNull();
  }

  @Test
  void comments_are_handed_out_and_make_no_frame() throws IOException {
    List<String> comments = new ArrayList<>();
    List<String> lines = new ArrayList<>();
    SseReader frames =
        reader(": connected\n\n:ping\ndata: x\n\n", 64, 64)
            .onComment(comments::add)
            .onLine(lines::add);

    assertThat(frames.next()).isEqualTo(new SseFrame(null, null, "x"));
    assertThat(comments).containsExactly("connected", "ping");
    assertThat(lines).containsExactly(": connected", "", ":ping", "data: x", "");
  }

  @Test
  void a_line_past_the_limit_refuses_the_peer_naming_the_limit() {
    SseReader frames = reader("id: 1\ndata: " + "x".repeat(5_000) + "\n\n", 100, 10_000);

    assertThatThrownBy(frames::next)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("line passes 100 bytes");
  }

  @Test
  void an_endless_line_is_refused_without_being_kept() {
    InputStream endless =
        new InputStream() {
          @Override
          public int read() {
            return 'x';
          }
        };
    SseReader frames = new SseReader(endless, 1024, 1024);

    assertThatThrownBy(frames::next).hasMessageContaining("line passes 1024 bytes");
  }

  @Test
  void an_event_past_the_limit_refuses_the_peer_naming_the_limit() {
    String line = "data: " + "y".repeat(60) + "\n";
    SseReader frames = reader("id: 7\n" + line.repeat(5) + "\n", 100, 200);

    assertThatThrownBy(frames::next)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("event's data passes 200 bytes");
  }

  @Test
  void limits_count_utf8_bytes_not_characters() {
    SseReader frames = reader("data: " + "é".repeat(60) + "\n\n", 1024, 100);

    assertThatThrownBy(frames::next).hasMessageContaining("passes 100 bytes");
  }

  @Test
  void a_line_past_the_limit_is_consumed_unkept_when_skipping_and_the_next_event_reads()
      throws IOException {
    String huge = "x".repeat(5_000);
    SseReader frames =
        reader("id: 1\ndata: " + huge + "\n\nid: 2\ndata: ok\n\n", 100, 10_000).skipOversized();

    assertThat(frames.next()).isEqualTo(new SseFrame("1", null, null, null, true));
    assertThat(frames.next()).isEqualTo(new SseFrame("2", null, "ok"));
  }

  @Test
  void an_event_whose_data_passes_the_limit_is_dropped_when_skipping_but_keeps_its_id()
      throws IOException {
    String line = "data: " + "y".repeat(60) + "\n";
    SseReader frames =
        reader("id: 7\n" + line.repeat(5) + "\nid: 8\ndata: fine\n\n", 100, 200).skipOversized();

    assertThat(frames.next()).isEqualTo(new SseFrame("7", null, null, null, true));
    assertThat(frames.next().data()).isEqualTo("fine");
  }

  @Test
  void a_half_sent_last_event_is_dropped_at_the_end_of_the_stream() throws IOException {
    SseReader frames = reader("id: 3\ndata: done\n\nid: 4\ndata: cut off", 1024, 1024);

    assertThat(frames.next().id()).isEqualTo("3");
    assertThat(frames.next()).isNull();
  }

  @Test
  void skip_counts_events_with_data_and_passes_over_comments_and_any_line_ending()
      throws IOException {
    String wire =
        ": ok\n\nid: 1\ndata: x\n\n:\n\nid: 2\r\ndata: y\r\n\r\nid: 3\rdata: z\r\rid: 4\n\n";
    for (int buffer : new int[] {1, 3, 8192}) {
      SseReader frames = new SseReader(bytes(wire), 64, 64, buffer);
      int events = 0;
      while (frames.skip()) {
        events++;
      }
      assertThat(events).as("buffer %d", buffer).isEqualTo(3);
    }
  }

  @Test
  void the_type_is_message_unless_the_event_names_one() {
    assertThat(new SseFrame("1", null, "x").type()).isEqualTo("message");
    assertThat(new SseFrame("1", "run.completed", "x").type()).isEqualTo("run.completed");
  }
}

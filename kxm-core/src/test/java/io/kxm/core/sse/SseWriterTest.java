package io.kxm.core.sse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.StringLength;
import org.junit.jupiter.api.Test;

class SseWriterTest {

  @Property(tries = 300)
  void what_the_writer_writes_the_reader_reads_back(
      @ForAll @StringLength(max = 200) String data, @ForAll boolean withId) throws IOException {
    String text = data.replace('\r', ' '); // the reader joins lines with LF, so CR is not kept
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    SseWriter writer = new SseWriter(wire, () -> {});
    if (withId) {
      writer.event(7, "run.completed", text);
    } else {
      writer.control("cursor_expired", text);
    }
    writer.flush();

    SseReader reader =
        new SseReader(new ByteArrayInputStream(wire.toByteArray()), 1 << 16, 1 << 16);
    SseFrame frame = reader.next();
    assertThat(frame.data()).isEqualTo(text);
    assertThat(frame.id()).isEqualTo(withId ? "7" : null);
    assertThat(frame.event()).isEqualTo(withId ? "run.completed" : "cursor_expired");
    assertThat(reader.next()).isNull();
  }

  @Test
  void an_encoded_frame_is_byte_for_byte_what_event_writes() throws IOException {
    ByteArrayOutputStream direct = new ByteArrayOutputStream();
    SseWriter writer = new SseWriter(direct, () -> {});
    writer.event(42, null, "{\"a\":\"é\"}");
    writer.flush();

    assertThat(SseWriter.encode(42, null, "{\"a\":\"é\"}")).isEqualTo(direct.toByteArray());
    assertThat(direct.toString(StandardCharsets.UTF_8))
        .isEqualTo("id: 42\ndata: {\"a\":\"é\"}\n\n");
  }

  @Test
  void frames_wait_for_flush_until_a_batch_passes_the_spill_size() throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    SseWriter writer = new SseWriter(wire, () -> {});
    writer.event(1, null, "small");
    assertThat(wire.size()).isZero();

    writer.event(2, null, "x".repeat(SseWriter.SPILL_BYTES));
    assertThat(wire.size()).isGreaterThan(SseWriter.SPILL_BYTES);
  }

  @Test
  void a_multi_line_comment_stays_a_comment_on_every_line() throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    SseWriter writer = new SseWriter(wire, () -> {});
    writer.comment("one\ntwo");
    writer.event(3, null, "after");
    writer.flush();

    List<String> comments = new ArrayList<>();
    SseReader reader =
        new SseReader(new ByteArrayInputStream(wire.toByteArray()), 1024, 1024)
            .onComment(comments::add);
    assertThat(reader.next().data()).isEqualTo("after");
    assertThat(comments).containsExactly("one", "two");
  }

  @Test
  void an_event_name_with_a_line_break_is_refused_and_leaves_the_stream_intact()
      throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    SseWriter writer = new SseWriter(wire, () -> {});

    assertThatThrownBy(() -> writer.event(1, "a\nid: 9", "{}"))
        .isInstanceOf(IllegalArgumentException.class);
    writer.event(2, null, "next");
    writer.flush();
    assertThat(wire.toString(StandardCharsets.UTF_8)).isEqualTo("id: 2\ndata: next\n\n");
  }

  @Test
  void abort_runs_the_connection_closer() {
    AtomicBoolean closed = new AtomicBoolean();
    new SseWriter(OutputStream.nullOutputStream(), () -> closed.set(true)).abort();
    assertThat(closed).isTrue();
  }
}

package io.kxm.session.harness;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class BoundedLineReaderTest {

  @Test
  void lines_split_at_newlines_and_a_last_line_without_one_still_counts() throws IOException {
    var reader = reader("a\n\nbc\nlast", 10);

    assertThat(text(reader.next())).isEqualTo("a");
    assertThat(text(reader.next())).isEqualTo("");
    assertThat(text(reader.next())).isEqualTo("bc");
    assertThat(text(reader.next())).isEqualTo("last");
    assertThat(reader.next()).isNull();
  }

  @Test
  void an_overlong_line_keeps_its_length_and_head_and_the_next_line_is_whole() throws IOException {
    String longLine = "y".repeat(100_000);
    var reader = reader(longLine + "\nshort\n", 1000);

    BoundedLineReader.Line first = reader.next();
    assertThat(first.overlong()).isTrue();
    assertThat(first.length()).isEqualTo(100_000);
    assertThat(first.bytes()).hasSize(1000).containsOnly((byte) 'y');
    assertThat(text(reader.next())).isEqualTo("short");
  }

  @Test
  void a_line_of_exactly_the_limit_is_not_overlong() throws IOException {
    var reader = reader("z".repeat(50) + "\n", 50);

    BoundedLineReader.Line line = reader.next();
    assertThat(line.overlong()).isFalse();
    assertThat(line.length()).isEqualTo(50);
  }

  private static BoundedLineReader reader(String text, int max) {
    return new BoundedLineReader(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), max);
  }

  private static String text(BoundedLineReader.Line line) {
    assertThat(line.overlong()).isFalse();
    return new String(line.bytes(), StandardCharsets.UTF_8);
  }
}

package io.kxm.session.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import org.junit.jupiter.api.Test;

class StreamCursorTest {

  @Test
  void the_header_wins_over_the_query_and_neither_means_from_the_start() {
    assertThat(StreamCursor.parse("42", "7")).isEqualTo(42);
    assertThat(StreamCursor.parse(null, "7")).isEqualTo(7);
    assertThat(StreamCursor.parse(" ", "7")).isEqualTo(7);
    assertThat(StreamCursor.parse(null, null)).isZero();
    assertThat(StreamCursor.parse("9223372036854775807", null)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void anything_but_a_whole_number_that_fits_is_an_invalid_cursor() {
    for (String bad :
        new String[] {
          "-1", "+1", "1.0", "0x10", "", "9223372036854775808", "123456789012345678901"
        }) {
      assertThatThrownBy(() -> StreamCursor.parse(null, bad))
          .as(bad)
          .isInstanceOf(KxmException.class)
          .satisfies(
              e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.INVALID_CURSOR));
    }
    assertThatThrownBy(() -> StreamCursor.parse("12\u0000", "1"))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("Last-Event-ID")
        .hasMessageNotContaining("\u0000");
  }
}

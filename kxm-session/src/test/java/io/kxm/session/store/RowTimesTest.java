package io.kxm.session.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RowTimesTest {

  @Test
  void the_fixed_width_reader_agrees_with_the_iso_parser_on_what_the_store_writes() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 10_000; i++) {
      Instant at =
          Instant.ofEpochSecond(
              random.nextLong(0, 253_402_300_799L), random.nextInt(0, 1_000_000_000));
      String text = Rows.time(at);

      assertThat(Rows.fixedWidth(text)).as(text).isEqualTo(Instant.parse(text)).isEqualTo(at);
    }
  }

  @Test
  void other_shapes_are_left_to_the_iso_parser() {
    assertThat(Rows.fixedWidth("2026-11-30T20:09:40Z")).isNull();
    assertThat(Rows.fixedWidth("2026-02-30T20:09:40.000000000Z")).isNull();
    assertThat(Rows.fixedWidth("2026-11-30T24:09:40.000000000Z")).isNull();
    assertThat(Rows.fixedWidth("2026-1x-30T20:09:40.000000000Z")).isNull();
    assertThat(Rows.fixedWidth("2026-11-30 20:09:40.000000000Z")).isNull();
  }
}

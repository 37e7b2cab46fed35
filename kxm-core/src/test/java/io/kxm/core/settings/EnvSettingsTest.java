package io.kxm.core.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

class EnvSettingsTest {
  private enum Mode {
    OFF,
    ON
  }

  private static EnvSettings env(String name, String value) {
    return EnvSettings.of(Map.of(name, value));
  }

  private static AbstractThrowableAssert<?, ? extends Throwable> refused(Runnable read) {
    return assertThatThrownBy(read::run)
        .isInstanceOf(KxmException.class)
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID));
  }

  @Test
  void unset_and_blank_variables_give_the_fallback() {
    EnvSettings empty = EnvSettings.of(Map.of("KXM_BLANK", "  "));
    assertThat(empty.string("KXM_BLANK")).isNull();
    assertThat(empty.string("KXM_UNSET", "d")).isEqualTo("d");
    assertThat(empty.number("KXM_BLANK", 7, 0, 10)).isEqualTo(7);
    assertThat(empty.millis("KXM_UNSET", Duration.ofSeconds(3), Duration.ZERO, Duration.ofHours(1)))
        .isEqualTo(Duration.ofSeconds(3));
    assertThat(empty.choice("KXM_UNSET", Mode.class, Mode.OFF)).isEqualTo(Mode.OFF);
    assertThat(empty.list("KXM_UNSET")).isEmpty();
    assertThat(empty.pairs("KXM_UNSET")).isEmpty();
  }

  @Test
  void values_are_trimmed_and_read_within_their_range() {
    assertThat(env("KXM_N", " 10 ").integer("KXM_N", 1, 0, 10)).isEqualTo(10);
    assertThat(
            env("KXM_MS", "0")
                .millis("KXM_MS", Duration.ofSeconds(1), Duration.ZERO, Duration.ofSeconds(1)))
        .isEqualTo(Duration.ZERO);
    assertThat(env("KXM_MODE", "On").choice("KXM_MODE", Mode.class, Mode.OFF)).isEqualTo(Mode.ON);
    assertThat(env("KXM_L", "a, ,b,").list("KXM_L")).isEqualTo(List.of("a", "b"));
    assertThat(env("KXM_P", "x=1, y = 2").pairs("KXM_P"))
        .containsExactly(Map.entry("x", "1"), Map.entry("y", "2"));
  }

  @Test
  void a_number_out_of_range_or_not_a_number_is_refused_naming_variable_value_and_range() {
    refused(() -> env("KXM_N", "11").number("KXM_N", 1, 0, 10))
        .hasMessage("KXM_N must be a whole number from 0 to 10, got '11'");
    refused(() -> env("KXM_N", "ten").number("KXM_N", 1, 0, 10))
        .hasMessage("KXM_N must be a whole number from 0 to 10, got 'ten'");
    refused(() -> env("KXM_N", "99999999999999999999").integer("KXM_N", 1, 0, 10))
        .hasMessageContaining("from 0 to 10");
  }

  @Test
  void a_duration_out_of_range_or_not_a_number_is_refused_in_milliseconds() {
    Duration max = Duration.ofMinutes(10);
    refused(() -> env("KXM_MS", "600001").millis("KXM_MS", Duration.ZERO, Duration.ZERO, max))
        .hasMessage("KXM_MS must be a whole number of milliseconds from 0 to 600000, got '600001'");
    refused(() -> env("KXM_MS", "1.5").millis("KXM_MS", Duration.ZERO, Duration.ZERO, max))
        .hasMessageContaining("'1.5'");
    refused(() ->
            env("KXM_MS", "0")
                .millis(
                    "KXM_MS",
                    Duration.ofSeconds(1),
                    Duration.ofMillis(1),
                    Duration.ofMillis(Long.MAX_VALUE)))
        .hasMessage("KXM_MS must be a whole number of milliseconds of at least 1, got '0'");
  }

  @Test
  void a_choice_outside_the_set_is_refused_listing_the_allowed_values() {
    refused(() -> env("KXM_MODE", "maybe").choice("KXM_MODE", Mode.class, Mode.OFF))
        .hasMessage("KXM_MODE must be one of off, on, got 'maybe'");
  }

  @Test
  void a_malformed_pair_is_refused_without_showing_its_secret() {
    refused(() -> env("KXM_P", "x=secret-value,y").pairs("KXM_P"))
        .hasMessageContaining("entry 2")
        .hasMessageNotContaining("secret-value");
    refused(() -> env("KXM_P", "x=a,x=b").pairs("KXM_P")).hasMessageContaining("'x' twice");
  }
}

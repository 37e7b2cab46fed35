package io.kxm.cli.session.watch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void pauses_double_from_the_first_up_to_the_most() {
    Backoff backoff = new Backoff(6, Duration.ofMillis(250), Duration.ofSeconds(1));

    assertThat(backoff.pause(1)).isEqualTo(Duration.ofMillis(250));
    assertThat(backoff.pause(2)).isEqualTo(Duration.ofMillis(500));
    assertThat(backoff.pause(3)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.pause(50)).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void a_backoff_without_tries_or_with_a_most_below_the_first_is_refused() {
    assertThatThrownBy(() -> new Backoff(0, Duration.ZERO, Duration.ZERO))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Backoff(3, Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

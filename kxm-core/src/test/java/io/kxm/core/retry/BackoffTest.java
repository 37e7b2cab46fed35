package io.kxm.core.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.failsafe.Execution;
import java.io.IOException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void pauses_double_from_the_first_up_to_the_most() {
    Backoff backoff = new Backoff(Duration.ofMillis(250), Duration.ofSeconds(1));

    assertThat(backoff.pause(1)).isEqualTo(Duration.ofMillis(250));
    assertThat(backoff.pause(2)).isEqualTo(Duration.ofMillis(500));
    assertThat(backoff.pause(3)).isEqualTo(Duration.ofSeconds(1));
    assertThat(backoff.pause(50)).isEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void a_zero_or_fixed_backoff_keeps_its_one_pause() {
    assertThat(new Backoff(Duration.ZERO, Duration.ofSeconds(1)).pause(5)).isZero();
    assertThat(new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(2)).pause(5))
        .isEqualTo(Duration.ofSeconds(2));
  }

  @Test
  void a_row_of_tries_stops_after_its_attempts() {
    Execution<Object> tries =
        new Backoff(Duration.ofMillis(10), Duration.ofMillis(40))
            .tries(3, failure -> failure instanceof IOException);

    tries.recordException(new IOException("dropped"));
    assertThat(tries.isComplete()).isFalse();
    assertThat(tries.getDelay()).isEqualTo(Duration.ofMillis(10));
    tries.recordException(new IOException("dropped"));
    assertThat(tries.isComplete()).isFalse();
    assertThat(tries.getDelay()).isEqualTo(Duration.ofMillis(20));
    tries.recordException(new IOException("dropped"));
    assertThat(tries.isComplete()).isTrue();
  }

  @Test
  void a_failure_the_policy_does_not_retry_ends_the_row_at_once() {
    Execution<Object> tries =
        new Backoff(Duration.ofMillis(10), Duration.ofMillis(40))
            .tries(8, failure -> failure instanceof IOException);

    tries.recordException(new IllegalStateException("refused for good"));

    assertThat(tries.isComplete()).isTrue();
  }

  @Test
  void a_backoff_with_a_most_below_the_first_or_without_tries_is_refused() {
    assertThatThrownBy(() -> new Backoff(Duration.ofSeconds(2), Duration.ofSeconds(1)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Backoff(Duration.ZERO, Duration.ZERO).policy(0, failure -> true))
        .isInstanceOf(IllegalArgumentException.class);
  }
}

package io.kxm.store.messaging;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.messaging.SendRate;
import io.kxm.core.messaging.SendRateOutcome;
import io.kxm.store.StoreContract;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The token bucket rules every {@link SendRateStore} must follow, timed by a settable clock. */
public abstract class SendRateStoreContract extends StoreContract {
  private static final SendRate TWO_PER_MINUTE_BURST_3 = new SendRate(2, 3);
  private static final SendRateOutcome TAKEN = new SendRateOutcome.Taken();

  private SendRateOutcome take(String agentId, SendRate rate) {
    return store.write(tx -> tx.sendRates().take(agentId, rate));
  }

  @Test
  void a_new_bucket_is_full_and_an_empty_one_names_the_wait_for_the_next_token() {
    String alice = agent("alice").id();
    for (int i = 0; i < 3; i++) {
      assertThat(take(alice, TWO_PER_MINUTE_BURST_3)).isEqualTo(TAKEN);
    }

    assertThat(take(alice, TWO_PER_MINUTE_BURST_3))
        .isEqualTo(new SendRateOutcome.Limited(Duration.ofSeconds(30)));
    clock.tick(Duration.ofSeconds(10));
    assertThat(take(alice, TWO_PER_MINUTE_BURST_3))
        .isEqualTo(new SendRateOutcome.Limited(Duration.ofSeconds(20)));
  }

  @Test
  void tokens_come_back_at_the_rate_and_never_beyond_the_burst() {
    String alice = agent("alice").id();
    for (int i = 0; i < 3; i++) {
      take(alice, TWO_PER_MINUTE_BURST_3);
    }
    clock.tick(Duration.ofSeconds(30));
    assertThat(take(alice, TWO_PER_MINUTE_BURST_3)).isEqualTo(TAKEN);
    assertThat(take(alice, TWO_PER_MINUTE_BURST_3)).isInstanceOf(SendRateOutcome.Limited.class);

    clock.tick(Duration.ofHours(1));
    for (int i = 0; i < 3; i++) {
      assertThat(take(alice, TWO_PER_MINUTE_BURST_3)).isEqualTo(TAKEN);
    }
    assertThat(take(alice, TWO_PER_MINUTE_BURST_3)).isInstanceOf(SendRateOutcome.Limited.class);
  }

  @Test
  void a_refusal_changes_nothing_and_buckets_are_per_agent() {
    String alice = agent("alice").id();
    String bob = agent("bob").id();
    SendRate one = new SendRate(1, 1);
    take(alice, one);
    for (int i = 0; i < 5; i++) {
      assertThat(take(alice, one)).isEqualTo(new SendRateOutcome.Limited(Duration.ofMinutes(1)));
    }
    assertThat(take(bob, one)).isEqualTo(TAKEN);
    clock.tick(Duration.ofMinutes(1));
    assertThat(take(alice, one)).isEqualTo(TAKEN);
  }

  @Test
  void concurrent_takes_never_hand_out_more_than_the_burst() throws Exception {
    String alice = agent("alice").id();
    SendRate five = new SendRate(1, 5);

    List<SendRateOutcome> outcomes = concurrently(12, i -> take(alice, five));

    assertThat(outcomes).filteredOn(TAKEN::equals).hasSize(5);
    assertThat(outcomes).filteredOn(SendRateOutcome.Limited.class::isInstance).hasSize(7);
  }
}

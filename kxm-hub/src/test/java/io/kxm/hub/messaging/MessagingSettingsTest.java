package io.kxm.hub.messaging;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.SendRate;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessagingSettingsTest {

  @Test
  void unset_variables_give_the_documented_defaults() {
    MessagingSettings settings = MessagingSettings.fromEnvironment(Map.of());
    assertThat(settings.presenceLease()).isEqualTo(Duration.ofSeconds(60));
    assertThat(settings.maxHops()).isEqualTo(8);
    assertThat(settings.retention()).isEqualTo(Duration.ofDays(7));
    assertThat(settings.sweepInterval()).isEqualTo(Duration.ofSeconds(1));
    assertThat(settings.streamHeartbeat()).isEqualTo(Duration.ofSeconds(15));
    assertThat(settings.streamQueue()).isEqualTo(1_024);
    assertThat(settings.sendRate()).isEqualTo(new SendRate(120, 60));
  }

  @Test
  void the_send_rate_limit_is_read_from_its_variables_and_zero_turns_it_off() {
    MessagingSettings set =
        MessagingSettings.fromEnvironment(
            Map.of("KXM_SEND_RATE_PER_MINUTE", "30", "KXM_SEND_BURST", "5"));
    assertThat(set.sendRate()).isEqualTo(new SendRate(30, 5));
    MessagingSettings off =
        MessagingSettings.fromEnvironment(Map.of("KXM_SEND_RATE_PER_MINUTE", "0"));
    assertThat(off.sendRate().enabled()).isFalse();
  }

  @Test
  void variables_override_the_defaults() {
    MessagingSettings settings =
        MessagingSettings.fromEnvironment(
            Map.of(
                "KXM_MAX_HOPS", "3",
                "KXM_MESSAGE_RETENTION_MS", "3600000",
                "KXM_PRESENCE_LEASE_MS", "30000",
                "KXM_SSE_HEARTBEAT_MS", "5000",
                "KXM_SSE_QUEUE", "64",
                "KXM_SWEEP_INTERVAL_MS", "250"));
    assertThat(settings.maxHops()).isEqualTo(3);
    assertThat(settings.retention()).isEqualTo(Duration.ofHours(1));
    assertThat(settings.presenceLease()).isEqualTo(Duration.ofSeconds(30));
    assertThat(settings.streamHeartbeat()).isEqualTo(Duration.ofSeconds(5));
    assertThat(settings.sweepInterval()).isEqualTo(Duration.ofMillis(250));
    assertThat(settings.streamQueue()).isEqualTo(64);
  }

  @Test
  void a_bad_value_is_config_invalid_naming_the_variable() {
    for (var bad :
        List.of(
            Map.entry("KXM_MAX_HOPS", "many"),
            Map.entry("KXM_MAX_HOPS", "65"),
            Map.entry("KXM_SSE_HEARTBEAT_MS", "30000"),
            Map.entry("KXM_SSE_QUEUE", "8"),
            Map.entry("KXM_PRESENCE_LEASE_MS", "10"),
            Map.entry("KXM_SEND_RATE_PER_MINUTE", "-1"),
            Map.entry("KXM_SEND_RATE_PER_MINUTE", "fast"),
            Map.entry("KXM_SEND_BURST", "0"),
            Map.entry("KXM_SEND_BURST", "100001"))) {
      String name = bad.getKey();
      assertThatThrownBy(() -> MessagingSettings.fromEnvironment(Map.of(name, bad.getValue())))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID);
                assertThat(e.getMessage()).contains(name);
              });
    }
  }
}

package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.SessionSettings;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SessionEnvironmentTest {

  @Test
  void unset_variables_keep_the_defaults_and_set_ones_apply() {
    assertThat(SessionEnvironment.read(Map.of())).isEqualTo(SessionSettings.DEFAULTS);
    SessionSettings read =
        SessionEnvironment.read(
            Map.of(
                "KXM_MAX_ACTIVE_RUNS", "2",
                "KXM_SESSION_IDLE_TTL_MS", "60000",
                "KXM_STREAM_BUFFER", " 500 ",
                "KXM_STREAM_HEARTBEAT_MS", "1000",
                "KXM_TURN_TIMEOUT_MS", "90000"));
    assertThat(read.maxActiveRuns()).isEqualTo(2);
    assertThat(read.idleTtl()).isEqualTo(Duration.ofMinutes(1));
    assertThat(read.streamBuffer()).isEqualTo(500);
    assertThat(read.streamHeartbeat()).isEqualTo(Duration.ofSeconds(1));
    assertThat(read.turnTimeout()).isEqualTo(Duration.ofSeconds(90));
  }

  @Test
  void the_turn_timeout_defaults_to_thirty_minutes() {
    assertThat(SessionEnvironment.read(Map.of()).turnTimeout()).isEqualTo(Duration.ofMinutes(30));
  }

  @Test
  void a_value_out_of_range_or_not_a_number_is_refused_with_its_name() {
    for (var bad :
        Map.of(
                "KXM_MAX_ACTIVE_RUNS", "0",
                "KXM_STREAM_BUFFER", "lots",
                "KXM_STREAM_HEARTBEAT_MS", "5",
                "KXM_SESSION_IDLE_TTL_MS", "-1",
                "KXM_TURN_TIMEOUT_MS", "999")
            .entrySet()) {
      assertThatThrownBy(() -> SessionEnvironment.read(Map.of(bad.getKey(), bad.getValue())))
          .isInstanceOf(KxmException.class)
          .hasMessageContaining(bad.getKey())
          .satisfies(
              e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID));
    }
  }
}

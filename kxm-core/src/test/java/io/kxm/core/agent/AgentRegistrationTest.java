package io.kxm.core.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.KxmException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class AgentRegistrationTest {

  @Test
  void a_raw_key_in_place_of_its_hash_is_refused() {
    String key = AgentKeys.generate();

    assertThatThrownBy(
            () -> new AgentRegistration("p", "alice", null, null, null, key, Duration.ofMinutes(1)))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("keyHash")
        .hasMessageNotContaining(key);
  }

  @Test
  void a_key_matches_only_its_own_hash() {
    String key = AgentKeys.generate();
    String hash = AgentKeys.hash(key);

    assertThat(AgentKeys.matches(hash, key)).isTrue();
    assertThat(AgentKeys.matches(hash, AgentKeys.generate())).isFalse();
    assertThat(AgentKeys.matches(hash, null)).isFalse();
  }

  @Test
  void names_compare_without_case() {
    assertThat(Agent.nameKey("Alice")).isEqualTo(Agent.nameKey("ALICE"));
  }
}

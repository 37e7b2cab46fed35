package io.kxm.hub.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AgentAuthTest {
  @TempDir Path dir;

  final Map<String, AgentIdentity> agents =
      Map.of(
          "key-alpha-bob", new AgentIdentity("alpha", "agt_bob"),
          "key-open-eve", new AgentIdentity("open-project", "agt_eve"));

  AgentAuth auth() {
    HubCredentials credentials =
        HubCredentials.load(
            dir.resolve("hub-env.json"), TestHubs.ADMIN, Map.of("alpha", TestHubs.ALPHA));
    return new AgentAuth(key -> Optional.ofNullable(agents.get(key)), credentials);
  }

  ErrorCode refusal(Principal principal, String key) {
    try {
      auth().require(principal, key);
      return null;
    } catch (KxmException e) {
      return e.code();
    }
  }

  @Test
  void a_project_token_and_a_key_of_the_same_project_prove_the_agent() {
    assertThat(auth().require(new Principal.Project("alpha"), "key-alpha-bob"))
        .isEqualTo(new AgentIdentity("alpha", "agt_bob"));
  }

  @Test
  void a_missing_or_stale_key_is_agent_key_invalid() {
    assertThat(refusal(new Principal.Project("alpha"), null))
        .isEqualTo(ErrorCode.AGENT_KEY_INVALID);
    assertThat(refusal(new Principal.Project("alpha"), "key-rotated-away"))
        .isEqualTo(ErrorCode.AGENT_KEY_INVALID);
  }

  @Test
  void a_key_of_another_project_is_project_forbidden() {
    assertThat(refusal(new Principal.Project("beta"), "key-alpha-bob"))
        .isEqualTo(ErrorCode.PROJECT_FORBIDDEN);
  }

  @Test
  void the_admin_token_acts_only_for_projects_without_their_own_token() {
    assertThat(auth().require(new Principal.Admin(), "key-open-eve").agentId())
        .isEqualTo("agt_eve");
    assertThatThrownBy(() -> auth().require(new Principal.Admin(), "key-alpha-bob"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PROJECT_FORBIDDEN));
  }
}

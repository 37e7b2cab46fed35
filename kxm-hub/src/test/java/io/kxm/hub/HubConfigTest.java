package io.kxm.hub;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HubConfigTest {
  @TempDir Path dir;

  HubConfig read(String... pairs) {
    Map<String, String> env = new java.util.HashMap<>(Map.of("KXM_STATE_HOME", dir.toString()));
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return HubConfig.fromEnvironment(env, dir.resolve("project"));
  }

  void assertInvalid(String variable, String... pairs) {
    assertThatThrownBy(() -> read(pairs))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageContaining(variable);
  }

  @Test
  void defaults_bind_loopback_on_7331_with_a_ten_second_grace() {
    HubConfig config = read();

    assertThat(config.host()).isEqualTo("127.0.0.1");
    assertThat(config.port()).isEqualTo(7331);
    assertThat(config.shutdownGrace()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.allowedOrigins()).isEmpty();
    assertThat(config.explicitAdminToken()).isEmpty();
    assertThat(config.state().hubEnv()).isEqualTo(dir.resolve("hub-env.json"));
    assertThat(config.project().logsDir()).isEqualTo(dir.resolve("project/.kxm/logs"));
  }

  @Test
  void every_setting_is_read_from_the_environment() {
    HubConfig config =
        read(
            "KXM_HOST", "0.0.0.0",
            "KXM_PORT", "0",
            "KXM_SHUTDOWN_GRACE_MS", "2500",
            "KXM_ALLOWED_ORIGINS", "https://a.example, http://localhost:3000",
            "KXM_AUTH_TOKEN", TestHubs.ADMIN,
            "KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ", beta=" + TestHubs.BETA);

    assertThat(config.host()).isEqualTo("0.0.0.0");
    assertThat(config.port()).isZero();
    assertThat(config.shutdownGrace()).isEqualTo(Duration.ofMillis(2500));
    assertThat(config.allowedOrigins())
        .containsExactly("https://a.example", "http://localhost:3000");
    assertThat(config.explicitAdminToken()).hasValue(TestHubs.ADMIN);
    assertThat(config.projectTokens())
        .containsEntry("alpha", TestHubs.ALPHA)
        .containsEntry("beta", TestHubs.BETA);
  }

  @Test
  void a_port_that_is_not_a_number_is_config_invalid_naming_the_variable() {
    assertInvalid("KXM_PORT", "KXM_PORT", "http");
  }

  @Test
  void a_port_out_of_range_is_config_invalid() {
    assertInvalid("KXM_PORT", "KXM_PORT", "70000");
    assertInvalid("KXM_PORT", "KXM_PORT", "-1");
  }

  @Test
  void a_negative_or_garbled_grace_is_config_invalid() {
    assertInvalid("KXM_SHUTDOWN_GRACE_MS", "KXM_SHUTDOWN_GRACE_MS", "-5");
    assertInvalid("KXM_SHUTDOWN_GRACE_MS", "KXM_SHUTDOWN_GRACE_MS", "10s");
  }

  @Test
  void a_relative_state_home_is_config_invalid() {
    assertInvalid("KXM_STATE_HOME", "KXM_STATE_HOME", "relative/state");
  }

  @Test
  void an_origin_with_a_path_or_a_wildcard_is_config_invalid() {
    assertInvalid("KXM_ALLOWED_ORIGINS", "KXM_ALLOWED_ORIGINS", "https://a.example/app");
    assertInvalid("KXM_ALLOWED_ORIGINS", "KXM_ALLOWED_ORIGINS", "*");
  }

  @Test
  void malformed_project_tokens_are_config_invalid_without_echoing_a_token() {
    assertThatThrownBy(() -> read("KXM_PROJECT_TOKENS", "alpha:" + TestHubs.ALPHA))
        .hasMessageContaining("KXM_PROJECT_TOKENS")
        .hasMessageNotContaining(TestHubs.ALPHA);
    assertInvalid("KXM_PROJECT_TOKENS", "KXM_PROJECT_TOKENS", "bad name=" + TestHubs.ALPHA);
    assertInvalid(
        "KXM_PROJECT_TOKENS", "KXM_PROJECT_TOKENS", "a=" + TestHubs.ALPHA + ",a=" + TestHubs.BETA);
  }

  @Test
  void a_project_given_the_admin_token_is_config_invalid() {
    assertInvalid(
        "KXM_PROJECT_TOKENS",
        "KXM_AUTH_TOKEN",
        TestHubs.ADMIN,
        "KXM_PROJECT_TOKENS",
        "alpha=" + TestHubs.ADMIN);
  }

  @Test
  void a_short_admin_token_is_config_invalid() {
    assertThatThrownBy(() -> read("KXM_AUTH_TOKEN", "short"))
        .hasMessageContaining("KXM_AUTH_TOKEN")
        .hasMessageNotContaining("short'");
  }

  @Test
  void printing_the_config_never_shows_a_token() {
    String shown =
        read("KXM_AUTH_TOKEN", TestHubs.ADMIN, "KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA)
            .toString();

    assertThat(shown).doesNotContain(TestHubs.ADMIN, TestHubs.ALPHA).contains("alpha");
  }

  @Test
  void overrides_validate_like_the_environment() {
    assertThatThrownBy(() -> read().withPort(65_536)).hasMessageContaining("KXM_PORT");
    assertThat(read().withPort(8080).withHost("::1").port()).isEqualTo(8080);
  }
}

package io.kxm.session.adapter.claude;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What counts as Claude Code being logged in, on real configuration folders. */
class ClaudeLoginTest {
  @TempDir Path home;

  @Test
  void a_key_or_token_in_the_environment_is_enough() {
    assertThatCode(
            () -> ClaudeLogin.require(Map.of("HOME", home.toString(), "ANTHROPIC_API_KEY", "k")))
        .doesNotThrowAnyException();
    assertThatCode(
            () -> ClaudeLogin.require(Map.of("HOME", home.toString(), "ANTHROPIC_AUTH_TOKEN", "t")))
        .doesNotThrowAnyException();
  }

  @Test
  void a_credentials_file_in_the_config_folder_is_a_login() throws IOException {
    Files.createDirectories(home.resolve(".claude"));
    Files.writeString(home.resolve(".claude/.credentials.json"), "{}");

    assertThatCode(() -> ClaudeLogin.require(Map.of("HOME", home.toString())))
        .doesNotThrowAnyException();
  }

  @Test
  void an_account_recorded_in_claude_json_is_a_login() throws IOException {
    Files.writeString(
        home.resolve(".claude.json"), "{\"oauthAccount\":{\"emailAddress\":\"a@b\"}}");

    assertThatCode(() -> ClaudeLogin.require(Map.of("HOME", home.toString())))
        .doesNotThrowAnyException();
  }

  @Test
  void nothing_of_that_is_refused_as_not_logged_in_naming_the_key() throws IOException {
    Files.writeString(home.resolve(".claude.json"), "{\"numStartups\":3}");
    Map<String, String> env = Map.of("HOME", home.toString(), "ANTHROPIC_API_KEY", " ");

    assertThatThrownBy(() -> ClaudeLogin.require(env))
        .isInstanceOfSatisfying(
            KxmException.class,
            e ->
                org.assertj.core.api.Assertions.assertThat(e.code())
                    .isEqualTo(ErrorCode.HARNESS_NOT_LOGGED_IN))
        .hasMessageContaining("ANTHROPIC_API_KEY")
        .hasMessageContaining(home.resolve(".claude").toString());
  }
}

package io.kxm.session.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.provider.ProviderSettings.Setting;
import io.kxm.session.provider.ProviderSettings.Source;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Provider settings come from the start command's environment, then the user's providers.yaml, then
 * the defaults; harnesses see exactly those, and a key is never shown or echoed in an error.
 */
class ProviderSettingsTest {
  @TempDir Path dir;

  private Map<String, String> env(String... pairs) {
    Map<String, String> env = new java.util.HashMap<>();
    env.put("KXM_USER_CONFIG_DIR", dir.toString());
    for (int i = 0; i < pairs.length; i += 2) {
      env.put(pairs[i], pairs[i + 1]);
    }
    return env;
  }

  private Path file(String yaml) throws Exception {
    Path file = dir.resolve("providers.yaml");
    Files.writeString(file, yaml);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }

  private static Map<String, Setting> byVariable(ProviderSettings settings) {
    return settings.settings().stream()
        .collect(Collectors.toMap(Setting::variable, Function.identity()));
  }

  @Test
  void the_environment_wins_over_the_file_and_the_file_over_the_defaults() throws Exception {
    file(
        """
        anthropic:
          baseUrl: http://127.0.0.1:9001
          apiKey: sk-ant-from-the-file
        openai:
          baseUrl: http://127.0.0.1:9002/v1
          wire: chat
        """);

    ProviderSettings settings =
        ProviderSettings.resolve(env("OPENAI_BASE_URL", "http://127.0.0.1:9003/v1"));

    Map<String, Setting> shown = byVariable(settings);
    assertThat(shown.get("ANTHROPIC_BASE_URL").source()).isEqualTo(Source.FILE);
    assertThat(shown.get("ANTHROPIC_BASE_URL").shown()).isEqualTo("http://127.0.0.1:9001");
    assertThat(shown.get("ANTHROPIC_API_KEY").source()).isEqualTo(Source.FILE);
    assertThat(shown.get("ANTHROPIC_API_KEY").shown()).isEqualTo("set");
    assertThat(shown.get("OPENAI_BASE_URL").source()).isEqualTo(Source.ENVIRONMENT);
    assertThat(shown.get("OPENAI_BASE_URL").shown()).isEqualTo("http://127.0.0.1:9003/v1");
    assertThat(shown.get("OPENAI_API_KEY").source()).isEqualTo(Source.UNSET);
    assertThat(shown.get("KXM_OPENAI_WIRE").source()).isEqualTo(Source.FILE);
    assertThat(settings.settings().toString()).doesNotContain("sk-ant-from-the-file");
    assertThat(settings.file()).contains(dir.resolve("providers.yaml"));

    Map<String, String> harness =
        settings.environment(
            Map.of("PATH", "/usr/bin", "OPENAI_API_KEY", "sk-from-another-shell-entirely"));
    assertThat(harness)
        .containsEntry("PATH", "/usr/bin")
        .containsEntry("ANTHROPIC_BASE_URL", "http://127.0.0.1:9001")
        .containsEntry("ANTHROPIC_API_KEY", "sk-ant-from-the-file")
        .containsEntry("OPENAI_BASE_URL", "http://127.0.0.1:9003/v1")
        .containsEntry("KXM_OPENAI_WIRE", "chat")
        .as("a key the settings do not hold does not leak in from the process")
        .doesNotContainKey("OPENAI_API_KEY");
  }

  @Test
  void without_a_file_or_variables_the_defaults_show_and_keys_are_unset() {
    Map<String, Setting> shown = byVariable(ProviderSettings.resolve(env()));

    assertThat(shown.get("ANTHROPIC_BASE_URL").source()).isEqualTo(Source.DEFAULT);
    assertThat(shown.get("ANTHROPIC_BASE_URL").shown()).isEqualTo("https://api.anthropic.com");
    assertThat(shown.get("ANTHROPIC_API_KEY").source()).isEqualTo(Source.UNSET);
    assertThat(shown.get("ANTHROPIC_API_KEY").shown()).isNull();
    assertThat(shown.get("KXM_OPENAI_WIRE").shown()).isEqualTo("responses");
  }

  @Test
  void a_misspelt_key_is_refused_naming_the_file_and_a_bad_key_value_is_not_echoed()
      throws Exception {
    Path file = file("anthropic:\n  baseurl: http://127.0.0.1:9001\n");
    assertThatThrownBy(() -> ProviderSettings.resolve(env()))
        .isInstanceOf(KxmException.class)
        .satisfies(e -> assertThat(((KxmException) e).code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageContaining(file.toString())
        .hasMessageContaining("baseurl");

    file("openai:\n  apiKey: \"sk-proj-abcdefghijklmnopqrstuvwxyz0123 with a space\"\n");
    assertThatThrownBy(() -> ProviderSettings.resolve(env()))
        .isInstanceOf(KxmException.class)
        .hasMessageNotContaining("abcdefghijklmnopqrstuvwxyz0123");
  }

  @Test
  void a_file_holding_a_key_that_others_may_read_is_refused_with_the_chmod_to_run()
      throws Exception {
    Path file = file("anthropic:\n  apiKey: sk-ant-shared\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));

    assertThatThrownBy(() -> ProviderSettings.resolve(env()))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("other users may read it")
        .hasMessageNotContaining("sk-ant-shared")
        .satisfies(e -> assertThat(((KxmException) e).hint()).contains("chmod 600 " + file));
  }
}

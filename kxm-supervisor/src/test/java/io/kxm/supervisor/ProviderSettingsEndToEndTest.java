package io.kxm.supervisor;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.supervisor.SupervisorHttp.Reply;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A supervisor takes its model provider settings from the user's providers.yaml, with the start
 * command's environment winning, gives exactly those to a built-in agent's turn, and reports each
 * with its source on {@code GET /v1/providers} without showing a key.
 */
class ProviderSettingsEndToEndTest {
  @TempDir Path dir;

  @Test
  void a_turn_reaches_the_provider_the_user_file_names_and_the_settings_show_their_sources()
      throws Exception {
    Path state = dir.resolve("state");
    Path workspace =
        GitRepository.withOneCommit(dir.resolve("workspace"), "README.md", "a project\n");
    try (FakeProvider provider = FakeProvider.start()) {
      provider.enqueue(Turn.text("hello from the provider in the file"));
      Path userConfig = Files.createDirectories(state.resolve("user-config"));
      Path file = userConfig.resolve("providers.yaml");
      Files.writeString(
          file,
          "anthropic:\n  baseUrl: "
              + provider.baseUrl()
              + "\n  apiKey: sk-ant-key-from-the-user-file\n");
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      Map<String, String> env = new HashMap<>();
      // blank in the start environment, so the file's values are the ones in force
      env.put("ANTHROPIC_BASE_URL", "");
      env.put("ANTHROPIC_API_KEY", "");
      env.put("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
      try (ChildSupervisor supervisor = ChildSupervisor.start(state, env)) {
        Reply shown = SupervisorHttp.get(supervisor.url() + "/v1/providers", supervisor.token());
        assertThat(shown.status()).isEqualTo(200);
        assertThat(shown.body().path("file").asString()).isEqualTo(file.toString());
        Map<String, JsonNode> settings = new HashMap<>();
        shown.body().path("settings").forEach(s -> settings.put(s.path("variable").asString(), s));
        assertThat(settings.get("ANTHROPIC_BASE_URL").path("source").asString()).isEqualTo("file");
        assertThat(settings.get("ANTHROPIC_BASE_URL").path("value").asString())
            .isEqualTo(provider.baseUrl().toString());
        assertThat(settings.get("ANTHROPIC_API_KEY").path("value").asString()).isEqualTo("set");
        assertThat(settings.get("OPENAI_BASE_URL").path("source").asString())
            .isEqualTo("environment");
        assertThat(settings.get("OPENAI_API_KEY").path("source").asString())
            .isIn("unset", "environment");
        assertThat(shown.body().toString()).doesNotContain("sk-ant-key-from-the-user-file");

        SessionCalls calls = new SessionCalls(supervisor.url(), supervisor.token());
        Reply created =
            SupervisorHttp.post(
                supervisor.url() + "/v1/sessions",
                supervisor.token(),
                Json.write(
                    Map.of(
                        "workspaceRoot",
                        workspace.toString(),
                        "harness",
                        Map.of("type", "builtin", "argv", List.of()),
                        "model",
                        "anthropic/claude-sonnet-4-5")));
        assertThat(created.status()).as(created.body().toString()).isEqualTo(201);
        String runId = calls.submitted(created.body().path("id").asString(), "say hello");
        calls.replayAll(runId);
        JsonNode done = calls.run(runId).path("run");
        assertThat(done.path("status").asString()).as(done.toString()).isEqualTo("completed");
        assertThat(done.path("finalMessage").asString())
            .isEqualTo("hello from the provider in the file");
        assertThat(provider.requests()).hasSize(1);
        // the fake records headers redacted; that the key went is what it can show
        assertThat(provider.requests().getFirst().header("x-api-key")).isPresent();
      }
    }
  }
}

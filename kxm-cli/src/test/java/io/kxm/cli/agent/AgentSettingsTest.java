package io.kxm.cli.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.cli.CliContext;
import io.kxm.cli.hub.HubProcessFile;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.auth.HubCredentials;
import io.kxm.runtime.config.BundleLoader;
import io.kxm.runtime.config.ConfigYaml;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where an agent command finds its hub, project, token and name. */
class AgentSettingsTest {
  @TempDir Path dir;

  Path folder(String name) throws Exception {
    return Files.createDirectories(dir.resolve(name));
  }

  CliContext context(Map<String, String> env, Path folder) {
    PrintWriter sink = new PrintWriter(new StringWriter());
    return new CliContext(env, folder, sink, sink);
  }

  String saveProjectToken(Map<String, String> env, String project) {
    return HubCredentials.load(StatePaths.fromEnvironment(env).hubEnv())
        .createProjectToken(project);
  }

  static void config(Path folder, String yaml) throws Exception {
    Files.createDirectories(folder.resolve(".kxm"));
    Files.writeString(folder.resolve(".kxm/config.yaml"), yaml);
  }

  static KxmException refusal(Runnable call) {
    try {
      call.run();
    } catch (KxmException e) {
      return e;
    }
    throw new AssertionError("expected a refusal");
  }

  @Test
  void everything_comes_from_the_environment_when_it_is_set() throws Exception {
    Map<String, String> env = TestEnv.agent(dir, "http://hub.example:7331/", "reviewer");
    env.put("KXM_AGENT_PURPOSE", "reviews diffs");

    ConnectionSettings settings = AgentSettings.resolve(context(env, folder("work")), "cli-1");

    assertThat(settings.hub().toString()).isEqualTo("http://hub.example:7331");
    assertThat(settings.project()).isEqualTo("alpha");
    assertThat(settings.token()).isEqualTo(TestEnv.ALPHA);
    assertThat(settings.tokenSource()).isEqualTo("KXM_AUTH_TOKEN");
    assertThat(settings.agent().name()).isEqualTo("reviewer");
    assertThat(settings.agent().purpose()).isEqualTo("reviews diffs");
    assertThat(settings.toString()).doesNotContain(TestEnv.ALPHA);
  }

  @Test
  void the_project_comes_from_config_yaml_before_the_folder_name() throws Exception {
    Path plain = folder("webshop");
    Path configured = folder("checkout");
    config(configured, "# project settings\nproject: payments\n");
    Path nested = folder("nested");
    config(nested, "project:\n  name: billing\n");

    assertThat(AgentSettings.project(context(TestEnv.of(dir), plain)).value()).isEqualTo("webshop");
    assertThat(AgentSettings.project(context(TestEnv.of(dir), configured)))
        .isEqualTo(new AgentSettings.Sourced("payments", ConfigYaml.file(configured).toString()));
    assertThat(AgentSettings.project(context(TestEnv.of(dir), nested)).value())
        .isEqualTo("billing");
  }

  @Test
  void a_malformed_config_is_refused_naming_the_file_and_line() throws Exception {
    Path broken = folder("broken");
    config(broken, "project: web\nlist: [unclosed\n");
    Path wrongType = folder("wrong");
    config(wrongType, "project: [a, b]\n");

    KxmException syntax = refusal(() -> AgentSettings.project(context(TestEnv.of(dir), broken)));
    KxmException shape = refusal(() -> AgentSettings.project(context(TestEnv.of(dir), wrongType)));

    assertThat(syntax.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID);
    assertThat(syntax.getMessage()).contains(".kxm/config.yaml:", "not valid YAML", "[yaml]");
    assertThat(syntax.hint()).contains("config.yaml", "KXM_PROJECT");
    assertThat(shape.getMessage()).contains(".kxm/config.yaml:1: $.project:", "[oneOf]");
  }

  @Test
  void a_duplicate_or_unknown_key_in_config_yaml_is_refused_with_the_runtime_s_code()
      throws Exception {
    Path duplicate = folder("duplicate");
    config(duplicate, "project: web\nproject: api\n");
    Path unknown = folder("unknown");
    config(unknown, "project: web\nprojct: api\n");

    for (Path folder : new Path[] {duplicate, unknown}) {
      Files.writeString(folder.resolve(".kxm/project.yaml"), "name: web\n");
      KxmException worker = refusal(() -> AgentSettings.project(context(TestEnv.of(dir), folder)));
      KxmException runtime = refusal(() -> BundleLoader.load(folder));

      assertThat(worker.code()).as(folder.toString()).isEqualTo(runtime.code());
      assertThat(worker.code()).isEqualTo(ErrorCode.CONFIG_TREE_INVALID);
      assertThat(runtime.getMessage()).contains(".kxm/config.yaml:2:");
    }
    assertThat(refusal(() -> AgentSettings.project(context(TestEnv.of(dir), duplicate))))
        .hasMessageContaining(".kxm/config.yaml:2: $.project: key 'project' appears twice")
        .hasMessageContaining("[duplicate-key]");
    assertThat(refusal(() -> AgentSettings.project(context(TestEnv.of(dir), unknown))))
        .hasMessageContaining(".kxm/config.yaml:2: $.projct:")
        .hasMessageContaining("[additionalProperties]");
  }

  @Test
  void the_token_falls_back_to_the_project_s_saved_token_and_never_the_admin_token()
      throws Exception {
    Map<String, String> env = TestEnv.of(dir);
    env.put("KXM_PROJECT", "alpha");
    String saved = saveProjectToken(env, "alpha");
    HubCredentials.load(StatePaths.fromEnvironment(env).hubEnv()).ensureAdminToken();
    Map<String, String> other = TestEnv.of(dir);
    other.put("KXM_PROJECT", "beta");

    var found = AgentSettings.resolve(context(env, folder("a")), "cli-1");
    CliContext elsewhere = context(other, folder("b"));
    KxmException none = refusal(() -> AgentSettings.resolve(elsewhere, "cli-1"));

    assertThat(found.token()).isEqualTo(saved);
    assertThat(found.tokenSource()).endsWith("hub-env.json");
    assertThat(none.code()).isEqualTo(ErrorCode.AUTH_REQUIRED);
    assertThat(none.getMessage())
        .startsWith("kxm has no project token for project beta (project from KXM_PROJECT)")
        .contains("KXM_AUTH_TOKEN is unset", "hub-env.json");
    assertThat(none.hint()).contains("kxm auth project-token create beta");
  }

  @Test
  void the_hub_is_the_one_running_for_this_folder_else_the_local_default() throws Exception {
    Map<String, String> env = TestEnv.of(dir);
    Path withHub = folder("served");
    CliContext served = context(env, withHub);
    new HubProcessFile(
            ProcessHandle.current().pid(),
            "127.0.0.1",
            45123,
            "http://127.0.0.1:45123",
            Instant.now())
        .write(served.projectPaths().hubPidFile());

    assertThat(HubLocation.resolve(served).url().toString()).isEqualTo("http://127.0.0.1:45123");
    assertThat(HubLocation.resolve(context(env, folder("bare"))).url().toString())
        .isEqualTo("http://127.0.0.1:7331");
  }

  @Test
  void a_server_url_with_a_path_or_another_scheme_is_refused() {
    assertThatThrownBy(() -> HubLocation.parse("ftp://hub:21"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID));
    assertThatThrownBy(() -> HubLocation.parse("http://hub:7331/mcp"))
        .hasMessageContaining("KXM_SERVER_URL must be the hub's base URL");
  }

  @Test
  void the_agent_name_defaults_per_process_and_must_be_a_valid_name() {
    assertThat(AgentSettings.agent(Map.of(), "mcp-42").name()).isEqualTo("mcp-42");
    assertThat(
            refusal(() -> AgentSettings.agent(Map.of("KXM_AGENT_NAME", "two words"), "x"))
                .getMessage())
        .contains("KXM_AGENT_NAME 'two words' is not an agent name");
  }

  @Test
  void an_agent_name_made_only_of_dots_or_dashes_is_refused_before_any_call() {
    for (String name : new String[] {".", "..", "-", "._-"}) {
      assertThat(
              refusal(() -> AgentSettings.agent(Map.of("KXM_AGENT_NAME", name), "x")).getMessage())
          .as(name)
          .contains("is not an agent name")
          .contains("at least one letter or digit");
    }
  }
}

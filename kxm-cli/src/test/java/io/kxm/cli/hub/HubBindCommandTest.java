package io.kxm.cli.hub;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.core.paths.StatePaths;
import io.kxm.hub.HubServer;
import io.kxm.runtime.project.ProjectKeys;
import io.kxm.runtime.sync.HubBinding;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm hub bind} against the assembled hub over real HTTP. */
class HubBindCommandTest {
  @TempDir Path dir;
  private HubServer hub;
  private Map<String, String> env;
  private StatePaths state;
  private String key;

  @BeforeEach
  void start() throws Exception {
    hub = RealHub.start(dir.resolve("hub"));
    env = TestEnv.of(dir.resolve("machine"));
    state = StatePaths.fromEnvironment(env);
    Files.createDirectories(dir.resolve(".kxm"));
    key = ProjectKeys.key(ProjectKeys.canonical(dir));
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private CliRun.Result bind(String... args) {
    String[] all = new String[args.length + 2];
    all[0] = "hub";
    all[1] = "bind";
    System.arraycopy(args, 0, all, 2, args.length);
    return CliRun.run(env, dir, all);
  }

  @Test
  void a_project_token_from_the_environment_binds_and_is_saved_owner_only_but_never_printed()
      throws Exception {
    env.put("KXM_AUTH_TOKEN", TestEnv.ALPHA);

    CliRun.Result result = bind(hub.baseUrl() + "/", "--json");

    assertThat(result.exit()).as(result.err()).isZero();
    JsonNode out = Json.read(result.out());
    assertThat(out.path("url").asString()).isEqualTo(hub.baseUrl());
    assertThat(out.path("project").asString()).isEqualTo("alpha");
    assertThat(result.out() + result.err()).doesNotContain(TestEnv.ALPHA);
    HubBinding binding = HubBinding.load(state, key).orElseThrow();
    assertThat(binding.url()).isEqualTo(URI.create(hub.baseUrl()));
    assertThat(binding.token()).isEqualTo(TestEnv.ALPHA);
    assertThat(binding.project()).isEqualTo("alpha");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(HubBinding.file(state, key))))
        .isEqualTo("rw-------");
  }

  @Test
  void the_token_option_wins_over_the_environment() {
    env.put("KXM_AUTH_TOKEN", TestEnv.ALPHA);

    CliRun.Result result = bind(hub.baseUrl(), "--token", TestEnv.BETA);

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("for project beta").doesNotContain(TestEnv.BETA);
    assertThat(HubBinding.load(state, key).orElseThrow().project()).isEqualTo("beta");
  }

  @Test
  void the_project_s_saved_token_is_used_when_no_token_is_given() throws Exception {
    env.put("KXM_PROJECT", "alpha");
    Files.createDirectories(state.root());
    Files.writeString(
        state.hubEnv(), "{\"projectTokens\": {\"alpha\": \"" + TestEnv.ALPHA + "\"}}");

    CliRun.Result result = bind(hub.baseUrl());

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(HubBinding.load(state, key).orElseThrow().token()).isEqualTo(TestEnv.ALPHA);
  }

  @Test
  void the_admin_token_or_an_unknown_one_is_refused_and_nothing_is_saved() {
    CliRun.Result admin = bind(hub.baseUrl(), "--token", TestEnv.ADMIN);
    CliRun.Result unknown = bind(hub.baseUrl(), "--token", "nobody-knows-this-token-123");

    assertThat(admin.exit()).isEqualTo(1);
    assertThat(admin.err()).contains("sync_token_not_project").doesNotContain(TestEnv.ADMIN);
    assertThat(unknown.exit()).isEqualTo(1);
    assertThat(unknown.err()).contains("auth_invalid");
    assertThat(HubBinding.file(state, key)).doesNotExist();
  }

  @Test
  void a_hub_that_does_not_answer_gets_a_clear_error_and_nothing_is_saved() throws Exception {
    int closed;
    try (ServerSocket socket = new ServerSocket(0)) {
      closed = socket.getLocalPort();
    }

    CliRun.Result result = bind("http://127.0.0.1:" + closed, "--token", TestEnv.ALPHA);

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("hub_unreachable", "does not answer");
    assertThat(HubBinding.file(state, key)).doesNotExist();
  }

  @Test
  void a_url_with_a_path_is_refused() {
    CliRun.Result result = bind(hub.baseUrl() + "/v1", "--token", TestEnv.ALPHA);

    assertThat(result.exit()).isEqualTo(1);
    assertThat(result.err()).contains("not a hub base URL");
  }
}

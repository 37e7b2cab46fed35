package io.kxm.hub.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HubCredentialsTest {
  @TempDir Path dir;

  Path file() {
    return dir.resolve("state").resolve("hub-env.json");
  }

  @Test
  void the_first_start_writes_a_generated_admin_token_owner_only() throws Exception {
    HubCredentials credentials = HubCredentials.load(file());
    assertThat(credentials.adminTokenSource()).isEqualTo(AdminTokenSource.NONE);

    assertThat(credentials.ensureAdminToken()).isEqualTo(AdminTokenSource.GENERATED);

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file())))
        .isEqualTo("rw-------");
    String admin = Json.read(Files.readString(file())).path("adminToken").asString();
    assertThat(admin).startsWith("kxm_admin_").hasSizeGreaterThan(40);
    assertThat(credentials.authenticate(admin)).contains(new Principal.Admin());
  }

  @Test
  void a_later_start_reuses_the_saved_admin_token() throws Exception {
    HubCredentials.load(file()).ensureAdminToken();
    String first = Files.readString(file());

    HubCredentials again = HubCredentials.load(file());

    assertThat(again.adminTokenSource()).isEqualTo(AdminTokenSource.STATE_FILE);
    assertThat(again.ensureAdminToken()).isEqualTo(AdminTokenSource.STATE_FILE);
    assertThat(Files.readString(file())).isEqualTo(first);
  }

  @Test
  void kxm_auth_token_overrides_the_saved_admin_token_and_writes_nothing() throws Exception {
    HubCredentials.load(file()).ensureAdminToken();
    String saved = Json.read(Files.readString(file())).path("adminToken").asString();

    HubCredentials env = HubCredentials.load(file(), TestHubs.ADMIN, Map.of());

    assertThat(env.adminTokenSource()).isEqualTo(AdminTokenSource.ENVIRONMENT);
    assertThat(env.authenticate(TestHubs.ADMIN)).contains(new Principal.Admin());
    assertThat(env.authenticate(saved)).isEmpty();
  }

  @Test
  void an_environment_admin_token_on_a_fresh_state_root_creates_no_file() {
    HubCredentials env = HubCredentials.load(file(), TestHubs.ADMIN, Map.of());

    env.ensureAdminToken();

    assertThat(file()).doesNotExist();
  }

  @Test
  void project_tokens_from_the_environment_add_to_and_override_the_file() {
    HubCredentials cli = HubCredentials.load(file());
    String savedAlpha = cli.createProjectToken("alpha");
    String savedGamma = cli.createProjectToken("gamma");

    HubCredentials env =
        HubCredentials.load(file(), null, Map.of("alpha", TestHubs.ALPHA, "beta", TestHubs.BETA));

    assertThat(env.authenticate(TestHubs.ALPHA)).contains(new Principal.Project("alpha"));
    assertThat(env.authenticate(savedAlpha)).isEmpty();
    assertThat(env.authenticate(TestHubs.BETA)).contains(new Principal.Project("beta"));
    assertThat(env.authenticate(savedGamma)).contains(new Principal.Project("gamma"));
  }

  @Test
  void a_created_project_token_persists_owner_only_and_keeps_the_admin_token() throws Exception {
    HubCredentials hub = HubCredentials.load(file());
    hub.ensureAdminToken();
    String admin = Json.read(Files.readString(file())).path("adminToken").asString();

    String token = HubCredentials.load(file()).createProjectToken("web-app.v2");

    assertThat(token).startsWith("kxm_project_");
    var saved = Json.read(Files.readString(file()));
    assertThat(saved.path("projectTokens").path("web-app.v2").asString()).isEqualTo(token);
    assertThat(saved.path("adminToken").asString()).isEqualTo(admin);
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file())))
        .isEqualTo("rw-------");
    assertThat(HubCredentials.load(file()).authenticate(token))
        .contains(new Principal.Project("web-app.v2"));
  }

  @Test
  void a_token_for_a_project_that_differs_from_another_only_in_letter_case_is_refused() {
    HubCredentials credentials = HubCredentials.load(file(), null, Map.of("beta", "env-token"));
    credentials.createProjectToken("web");

    for (String project : new String[] {"WEB", "Web", "BETA"}) {
      assertThatThrownBy(() -> credentials.createProjectToken(project))
          .as(project)
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> assertThat(e.code()).isEqualTo(ErrorCode.PROJECT_NAME_TAKEN));
    }
    assertThat(HubCredentials.load(file()).projects()).containsExactly("web");
  }

  @Test
  void a_second_token_for_the_same_project_is_refused() {
    HubCredentials credentials = HubCredentials.load(file());
    credentials.createProjectToken("alpha");

    assertThatThrownBy(() -> credentials.createProjectToken("alpha"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.PROJECT_TOKEN_EXISTS));
  }

  @Test
  void a_project_name_outside_the_rule_is_refused() {
    HubCredentials credentials = HubCredentials.load(file());

    for (String name : new String[] {"", "-lead", "a/b", "x".repeat(65), "spaces here"}) {
      assertThatThrownBy(() -> credentials.createProjectToken(name))
          .as(name)
          .isInstanceOfSatisfying(
              KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.INVALID_REQUEST));
    }
    assertThat(file()).doesNotExist();
  }

  @Test
  void unknown_fields_in_the_file_survive_a_rewrite() throws Exception {
    Files.createDirectories(file().getParent());
    Files.writeString(
        file(), "{\"adminToken\":\"" + TestHubs.ADMIN + "\",\"runtimeUrl\":\"http://x\"}");

    HubCredentials.load(file()).createProjectToken("alpha");

    assertThat(Json.read(Files.readString(file())).path("runtimeUrl").asString())
        .isEqualTo("http://x");
  }

  @Test
  void a_corrupt_file_is_config_invalid_naming_the_path_without_quoting_it() throws Exception {
    Files.createDirectories(file().getParent());
    Files.writeString(file(), "{\"adminToken\": kxm_admin_secretvalue123 }");

    assertThatThrownBy(() -> HubCredentials.load(file()))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageContaining(file().toString())
        .hasMessageNotContaining("secretvalue");
  }

  @Test
  void a_file_of_the_wrong_shape_is_config_invalid() throws Exception {
    Files.createDirectories(file().getParent());
    Files.writeString(file(), "{\"projectTokens\": [\"a\"]}");

    assertThatThrownBy(() -> HubCredentials.load(file()))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.CONFIG_INVALID))
        .hasMessageContaining("projectTokens");
  }

  @Test
  void an_unreadable_file_is_state_dir_unusable_naming_the_path() throws Exception {
    Files.createDirectories(file()); // a folder where the file should be: unreadable even to root

    assertThatThrownBy(() -> HubCredentials.load(file()))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STATE_DIR_UNUSABLE))
        .hasMessageContaining(file().toString());
  }

  @Test
  void an_unwritable_state_root_is_state_dir_unusable_naming_the_path() throws Exception {
    Files.writeString(dir.resolve("state"), "a file where the state folder should be");

    HubCredentials credentials = HubCredentials.load(file());

    assertThatThrownBy(credentials::ensureAdminToken)
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.STATE_DIR_UNUSABLE))
        .hasMessageContaining(dir.resolve("state").toString());
  }

  @Test
  void a_file_readable_by_others_is_narrowed_to_the_owner() throws Exception {
    HubCredentials.load(file()).ensureAdminToken();
    Files.setPosixFilePermissions(file(), PosixFilePermissions.fromString("rw-r--r--"));

    HubCredentials.load(file());

    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file())))
        .isEqualTo("rw-------");
  }
}

package io.kxm.hub.tokens;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Rotation, revocation and listing of tokens on a running hub, over real HTTP. */
class TokenRotationTest {
  @TempDir Path dir;
  TokenNodes node;
  String alpha;

  @BeforeEach
  void start() {
    alpha = TokenNodes.createInFile(dir, "alpha");
    node = TokenNodes.start(dir, Map.of());
  }

  @AfterEach
  void stop() {
    node.close();
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  @Test
  void after_a_rotation_the_old_project_token_is_refused_at_once_and_the_new_one_works() {
    assertThat(node.whoami(alpha).status()).isEqualTo(200);

    Http.Response answer = node.post("/v1/admin/projects/alpha/token/rotate", node.admin());

    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    assertThat(answer.header("Cache-Control")).isEqualTo("no-store");
    JsonNode body = answer.json();
    String fresh = body.path("token").asString();
    assertThat(body.path("project").asString()).isEqualTo("alpha");
    assertThat(body.path("generation").asLong()).isEqualTo(2);
    assertThat(fresh).startsWith("kxm_project_").isNotEqualTo(alpha);
    refused(node.whoami(alpha), 401, "auth_invalid");
    Http.Response proven = node.whoami(fresh);
    assertThat(proven.status()).isEqualTo(200);
    assertThat(proven.json().path("project").asString()).isEqualTo("alpha");
    // Neither the dead plaintext nor the new one stays in the credentials file.
    assertThat(node.hubEnvText()).doesNotContain(alpha).doesNotContain(fresh);
  }

  @Test
  void a_revoked_project_token_is_refused_at_once_and_cannot_be_rotated_afterwards() {
    Http.Response answer = node.post("/v1/admin/projects/alpha/token/revoke", node.admin());

    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    refused(node.whoami(alpha), 401, "auth_invalid");
    refused(
        node.post("/v1/admin/projects/alpha/token/rotate", node.admin()),
        404,
        "project_token_not_found");
    refused(
        node.post("/v1/admin/projects/alpha/token/revoke", node.admin()),
        404,
        "project_token_not_found");
    assertThat(node.hubEnvText()).doesNotContain(alpha);
  }

  @Test
  void the_list_shows_names_and_creation_times_and_never_a_token() {
    String fresh = node.rotate("alpha");
    String gamma = TokenNodes.createInFile(dir, "gamma");
    assertThat(node.whoami(gamma).status()).isEqualTo(200);

    Http.Response answer = node.http().getWithToken("/v1/admin/project-tokens", node.admin());

    assertThat(answer.status()).isEqualTo(200);
    JsonNode tokens = answer.json().path("tokens");
    assertThat(tokens).hasSize(2);
    assertThat(tokens.get(0).path("project").asString()).isEqualTo("alpha");
    assertThat(tokens.get(0).path("source").asString()).isEqualTo("issued");
    assertThat(tokens.get(0).path("createdAt").asString()).endsWith("Z");
    assertThat(tokens.get(1).path("project").asString()).isEqualTo("gamma");
    assertThat(tokens.get(1).path("source").asString()).isEqualTo("file");
    assertThat(answer.body())
        .doesNotContain(fresh)
        .doesNotContain(gamma)
        .doesNotContain(alpha)
        .doesNotContain("hash");
  }

  @Test
  void after_an_admin_rotation_the_old_admin_token_is_refused_and_the_new_one_is_saved() {
    String old = node.admin();

    Http.Response answer = node.post("/v1/admin/admin-token/rotate", old);

    assertThat(answer.status()).as(answer.body()).isEqualTo(200);
    String fresh = answer.json().path("token").asString();
    assertThat(fresh).startsWith("kxm_admin_");
    refused(node.whoami(old), 401, "auth_invalid");
    assertThat(node.whoami(fresh).json().path("role").asString()).isEqualTo("admin");
    assertThat(node.admin()).isEqualTo(fresh);
  }

  @Test
  void token_routes_need_the_admin_token_and_a_valid_project_name() {
    refused(node.post("/v1/admin/projects/alpha/token/rotate", alpha), 403, "admin_required");
    refused(node.post("/v1/admin/admin-token/rotate", alpha), 403, "admin_required");
    refused(node.http().getWithToken("/v1/admin/project-tokens", alpha), 403, "admin_required");
    refused(
        node.post("/v1/admin/projects/-bad/token/rotate", node.admin()), 400, "invalid_request");
    assertThat(node.whoami(alpha).status()).isEqualTo(200);
  }

  @Test
  void tokens_from_the_environment_cannot_be_rotated_here() throws Exception {
    node.close();
    node =
        TokenNodes.start(
            dir.resolve("env"),
            Map.of(
                "KXM_AUTH_TOKEN", TestHubs.ADMIN, "KXM_PROJECT_TOKENS", "beta=" + TestHubs.BETA));

    refused(
        node.post("/v1/admin/projects/beta/token/rotate", TestHubs.ADMIN),
        409,
        "token_from_environment");
    refused(
        node.post("/v1/admin/projects/beta/token/revoke", TestHubs.ADMIN),
        409,
        "token_from_environment");
    refused(
        node.post("/v1/admin/admin-token/rotate", TestHubs.ADMIN), 409, "token_from_environment");
    assertThat(node.whoami(TestHubs.BETA).status()).isEqualTo(200);
    JsonNode listed =
        node.http().getWithToken("/v1/admin/project-tokens", TestHubs.ADMIN).json().path("tokens");
    assertThat(listed.get(0).path("source").asString()).isEqualTo("environment");
  }
}

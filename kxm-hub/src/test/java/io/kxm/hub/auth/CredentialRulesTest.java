package io.kxm.hub.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.HubServer;
import io.kxm.hub.support.EchoFeature;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CredentialRulesTest {
  @TempDir static Path dir;
  static HubServer hub;
  static Http http;

  @BeforeAll
  static void start() {
    hub = HubServer.builder(TestHubs.withTokens(dir)).feature(new EchoFeature()).start();
    http = new Http(hub.baseUrl());
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  @Test
  void health_and_ready_answer_without_a_credential() {
    var health = http.get("/health");
    var ready = http.get("/ready");

    assertThat(health.status()).isEqualTo(200);
    assertThat(health.json().path("status").asString()).isEqualTo("ok");
    assertThat(ready.status()).isEqualTo(200);
    assertThat(ready.json().path("status").asString()).isEqualTo("ready");
  }

  @Test
  void a_request_without_a_token_is_refused_with_auth_required() {
    var response = http.get("/v1/whoami");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_required");
  }

  @Test
  void a_non_bearer_authorization_is_refused_with_auth_required() {
    var response = http.get("/v1/whoami", "Authorization", "Basic dXNlcjpwYXNz");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_required");
  }

  @Test
  void an_unknown_token_is_refused_with_auth_invalid() {
    var response = http.getWithToken("/v1/whoami", "not-a-token-this-hub-knows");

    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("auth_invalid");
    assertThat(response.body()).doesNotContain("not-a-token-this-hub-knows");
  }

  @Test
  void the_admin_token_proves_the_admin() {
    var response = http.getWithToken("/v1/whoami", TestHubs.ADMIN);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("role").asString()).isEqualTo("admin");
    assertThat(response.json().path("project").isNull()).isTrue();
  }

  @Test
  void a_project_token_proves_its_project() {
    var response = http.getWithToken("/v1/whoami", TestHubs.BETA);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("role").asString()).isEqualTo("project");
    assertThat(response.json().path("project").asString()).isEqualTo("beta");
  }

  @Test
  void an_admin_route_refuses_a_project_token_with_admin_required() {
    var response = http.getWithToken("/metrics", TestHubs.ALPHA);

    assertThat(response.status()).isEqualTo(403);
    assertThat(response.errorCode()).isEqualTo("admin_required");
  }

  @Test
  void a_project_token_minted_while_the_hub_runs_works_without_a_restart() {
    String token = HubCredentials.load(hub.config().state().hubEnv()).createProjectToken("gamma");

    var response = http.getWithToken("/v1/whoami", token);

    assertThat(response.status()).isEqualTo(200);
    assertThat(response.json().path("project").asString()).isEqualTo("gamma");
  }
}

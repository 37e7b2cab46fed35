package io.kxm.hub.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BindRuleTest {
  @TempDir Path dir;

  @Test
  void binding_beyond_loopback_without_an_admin_token_is_refused_before_anything_is_created() {
    var config = TestHubs.fresh(dir).withHost("0.0.0.0");

    assertThatThrownBy(() -> HubServer.start(config))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.BIND_REQUIRES_ADMIN_TOKEN))
        .hasMessageContaining("0.0.0.0")
        .hasMessageContaining("KXM_AUTH_TOKEN");
    assertThat(config.state().hubEnv()).doesNotExist();
    assertThat(config.project().logsDir()).doesNotExist();
  }

  @Test
  void binding_beyond_loopback_with_kxm_auth_token_succeeds_and_skips_the_host_check() {
    var config = TestHubs.fresh(dir).withHost("0.0.0.0").withAdminToken(TestHubs.ADMIN);

    try (HubServer hub = HubServer.start(config)) {
      var http = new Http(hub.baseUrl());
      var response = http.get("/health", "Host", "hub.team.example:" + hub.port());

      assertThat(hub.adminTokenSource()).isEqualTo(AdminTokenSource.ENVIRONMENT);
      assertThat(response.status()).isEqualTo(200);
    }
  }

  @Test
  void binding_beyond_loopback_succeeds_once_an_earlier_start_saved_an_admin_token() {
    try (HubServer first = HubServer.start(TestHubs.fresh(dir))) {
      assertThat(first.adminTokenSource()).isEqualTo(AdminTokenSource.GENERATED);
    }

    try (HubServer exposed = HubServer.start(TestHubs.fresh(dir).withHost("0.0.0.0"))) {
      assertThat(exposed.adminTokenSource()).isEqualTo(AdminTokenSource.STATE_FILE);
    }
  }

  @Test
  void a_generated_admin_token_protects_a_loopback_hub() throws Exception {
    try (HubServer hub = HubServer.start(TestHubs.fresh(dir))) {
      var http = new Http(hub.baseUrl());
      String saved =
          io.kxm.core.json.Json.read(java.nio.file.Files.readString(hub.config().state().hubEnv()))
              .path("adminToken")
              .asString();

      assertThat(http.get("/v1/whoami").status()).isEqualTo(401);
      assertThat(http.getWithToken("/v1/whoami", saved).json().path("role").asString())
          .isEqualTo("admin");
    }
  }

  @Test
  void a_port_in_use_is_refused_with_port_in_use() {
    try (HubServer first = HubServer.start(TestHubs.withTokens(dir))) {
      var second = TestHubs.withTokens(dir.resolve("other")).withPort(first.port());

      assertThatThrownBy(() -> HubServer.start(second))
          .isInstanceOfSatisfying(
              KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.PORT_IN_USE))
          .hasMessageContaining(String.valueOf(first.port()));
    }
  }
}

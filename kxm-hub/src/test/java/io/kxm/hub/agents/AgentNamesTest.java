package io.kxm.hub.agents;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which names a client may register an agent or a project under, over real HTTP. */
class AgentNamesTest {
  @TempDir Path dir;
  MessagingHub hub;

  @BeforeEach
  void start() {
    hub = MessagingHub.start(dir);
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void a_client_may_not_register_the_hub_s_own_agent_name_in_any_letter_case() {
    for (String name : List.of("kxm-workflows", "KXM-Workflows", " kxm-WORKFLOWS ")) {
      Http.Response response = hub.register("alpha", TestHubs.ALPHA, name, Map.of());

      assertThat(response.status()).as(name).isEqualTo(403);
      assertThat(response.errorCode()).as(name).isEqualTo("name_reserved");
      assertThat(response.body()).doesNotContain("agentKey");
    }
    assertThat(hub.store.agents().findByName("alpha", "kxm-workflows")).isEmpty();
  }

  @Test
  void names_made_only_of_dots_dashes_and_underscores_are_refused() {
    for (String name : List.of(".", "..", "-", "_", "...", "-.-_")) {
      Http.Response response = hub.register("alpha", TestHubs.ALPHA, name, Map.of());

      assertThat(response.status()).as(name).isEqualTo(400);
      assertThat(response.errorCode()).as(name).isEqualTo("invalid_request");
    }
    assertThat(hub.store.agents().listByProject("alpha")).isEmpty();
    assertThat(hub.register("alpha", TestHubs.ALPHA, "a.-_1", Map.of()).status()).isEqualTo(201);
  }

  @Test
  void the_admin_token_may_not_open_a_project_that_differs_from_a_token_project_only_in_case() {
    Http.Response response = hub.register("ALPHA", TestHubs.ADMIN, "ops", Map.of());

    assertThat(response.status()).isEqualTo(409);
    assertThat(response.errorCode()).isEqualTo("project_name_taken");
    assertThat(response.json().path("error").path("message").asString()).contains("'alpha'");
    assertThat(hub.store.agents().listByProject("ALPHA")).isEmpty();
  }

  @Test
  void a_project_the_store_knows_is_not_opened_again_under_another_letter_case() {
    assertThat(hub.register("gamma", TestHubs.ADMIN, "ops", Map.of()).status()).isEqualTo(201);

    Http.Response response = hub.register("Gamma", TestHubs.ADMIN, "ops", Map.of());

    assertThat(response.status()).isEqualTo(409);
    assertThat(response.errorCode()).isEqualTo("project_name_taken");
    assertThat(hub.store.agents().listByProject("Gamma")).isEmpty();
  }
}

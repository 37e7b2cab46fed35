package io.kxm.hub.agents;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class AgentRegistrationTest {
  @TempDir static Path dir;
  MessagingHub hub;

  @BeforeAll
  void start() {
    hub = MessagingHub.start(dir);
  }

  @AfterAll
  void stop() {
    hub.close();
  }

  @Test
  void registration_answers_201_with_an_id_a_key_the_lease_and_the_record_without_the_key() {
    Http.Response response =
        hub.register(
            "alpha",
            TestHubs.ALPHA,
            "Reviewer",
            Map.of("purpose", "reviews diffs", "model", "m-1", "host", "laptop"));

    assertThat(response.status()).isEqualTo(201);
    JsonNode body = response.json();
    assertThat(body.path("agentId").asString()).startsWith("agt_");
    assertThat(body.path("agentKey").asString()).startsWith("kxm_agent_");
    assertThat(body.path("name").asString()).isEqualTo("Reviewer");
    assertThat(body.path("project").asString()).isEqualTo("alpha");
    assertThat(body.path("presenceLeaseMs").asLong()).isEqualTo(60_000);
    JsonNode agent = body.path("agent");
    assertThat(agent.path("id").asString()).isEqualTo(body.path("agentId").asString());
    assertThat(agent.path("purpose").asString()).isEqualTo("reviews diffs");
    assertThat(agent.path("model").asString()).isEqualTo("m-1");
    assertThat(agent.path("host").asString()).isEqualTo("laptop");
    assertThat(agent.path("presence").asString()).isEqualTo("online");
    assertThat(agent.path("leaseExpiresAt").asString()).isEqualTo("2030-01-01T00:01:00Z");
    assertThat(agent.toString()).doesNotContain("kxm_agent_");
  }

  @Test
  void registering_again_under_the_same_name_keeps_the_id_and_rotates_the_key() {
    AgentClient first = hub.agent("rotor");
    AgentClient second = hub.agent("ROTOR");

    assertThat(second.id).isEqualTo(first.id);
    assertThat(second.key).isNotEqualTo(first.key);
    assertThat(second.heartbeat().status()).isEqualTo(200);
    Http.Response stale = first.heartbeat();
    assertThat(stale.status()).isEqualTo(401);
    assertThat(stale.errorCode()).isEqualTo("agent_key_invalid");
  }

  @Test
  void names_are_limited_to_80_safe_characters() {
    String longest = "n".repeat(80);
    assertThat(hub.register("alpha", TestHubs.ALPHA, longest, Map.of()).status()).isEqualTo(201);

    Http.Response tooLong = hub.register("alpha", TestHubs.ALPHA, longest + "n", Map.of());
    assertThat(tooLong.status()).isEqualTo(400);
    assertThat(tooLong.errorCode()).isEqualTo("value_too_long");
    Http.Response badChars = hub.register("alpha", TestHubs.ALPHA, "two words", Map.of());
    assertThat(badChars.errorCode()).isEqualTo("invalid_request");
    Http.Response missing = hub.register("alpha", TestHubs.ALPHA, null, Map.of());
    assertThat(missing.errorCode()).isEqualTo("invalid_request");
  }

  @Test
  void purpose_is_limited_to_500_characters() {
    assertThat(
            hub.register("alpha", TestHubs.ALPHA, "p500", Map.of("purpose", "p".repeat(500)))
                .status())
        .isEqualTo(201);
    Http.Response tooLong =
        hub.register("alpha", TestHubs.ALPHA, "p501", Map.of("purpose", "p".repeat(501)));
    assertThat(tooLong.status()).isEqualTo(400);
    assertThat(tooLong.errorCode()).isEqualTo("value_too_long");
  }

  @Test
  void a_project_token_registers_only_in_its_own_project() {
    Http.Response other = hub.register("beta", TestHubs.ALPHA, "intruder", Map.of());
    assertThat(other.status()).isEqualTo(403);
    assertThat(other.errorCode()).isEqualTo("project_forbidden");
    Http.Response none = hub.register("alpha", null, "anonymous", Map.of());
    assertThat(none.status()).isEqualTo(401);
  }

  @Test
  void the_admin_token_registers_only_in_projects_without_their_own_token() {
    Http.Response tokened = hub.register("alpha", TestHubs.ADMIN, "admin-made", Map.of());
    assertThat(tokened.status()).isEqualTo(403);
    assertThat(tokened.errorCode()).isEqualTo("project_forbidden");

    AgentClient open = hub.agent("open-project", TestHubs.ADMIN, "solo");
    assertThat(open.heartbeat().status()).isEqualTo(200);
    assertThat(open.withToken(TestHubs.ALPHA).heartbeat().errorCode())
        .isEqualTo("project_forbidden");
  }

  @Test
  void an_invalid_project_name_is_refused() {
    Http.Response response = hub.register("bad%20name", TestHubs.ADMIN, "x", Map.of());
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.errorCode()).isEqualTo("invalid_request");
  }

  @Test
  void agent_routes_need_the_project_token_and_the_current_key_together() {
    AgentClient bob = hub.agent("guarded");

    assertThat(bob.withKey(null).heartbeat().errorCode()).isEqualTo("agent_key_invalid");
    assertThat(bob.withKey("kxm_agent_made_up").heartbeat().errorCode())
        .isEqualTo("agent_key_invalid");
    assertThat(bob.withToken(TestHubs.BETA).heartbeat().status()).isEqualTo(403);
    assertThat(bob.withToken(TestHubs.BETA).heartbeat().errorCode()).isEqualTo("project_forbidden");
    assertThat(bob.withToken("not-a-token-at-all-0000").heartbeat().errorCode())
        .isEqualTo("auth_invalid");
  }

  @Test
  void a_key_proves_only_its_own_agent() {
    AgentClient carol = hub.agent("carol");
    AgentClient dave = hub.agent("dave");

    AgentClient carolWithDavesKey = carol.withKey(dave.key);
    Http.Response response = carolWithDavesKey.heartbeat();
    assertThat(response.status()).isEqualTo(401);
    assertThat(response.errorCode()).isEqualTo("agent_key_invalid");
  }
}

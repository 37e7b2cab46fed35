package io.kxm.hub.agents;

import static io.kxm.testkit.AgentRegistrationBuilder.anAgent;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Retiring agents by themselves, by an operator, in bulk and by housekeeping, over real HTTP. */
class AgentRetirementTest {
  static final long WEEK_MS = Duration.ofDays(7).toMillis();

  @TempDir Path dir;
  MessagingHub hub;

  @BeforeEach
  void start() {
    hub = MessagingHub.start(dir, MessagingHub.FAST.withShortLivedAgentTtl(Duration.ofHours(1)));
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private static List<String> names(JsonNode agents) {
    List<String> names = new ArrayList<>();
    agents.forEach(agent -> names.add(agent.path("name").asString()));
    return names;
  }

  private List<String> known(AgentClient viewer) {
    return names(viewer.peers(true).json().path("agents"));
  }

  private Http.Response retireNamed(String project, String name, String token) {
    return hub.http.postJson(
        "/v1/projects/" + project + "/agents/" + name + "/retire", token, "{}");
  }

  private Http.Response prune(String token, Map<String, ?> body) {
    return hub.http.postJson("/v1/agents/prune", token, Json.write(body));
  }

  @Test
  void an_agent_that_retires_itself_is_gone_its_key_fails_and_requests_to_it_expire() {
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    String waiting = alice.sendOk("bob", "review this");

    Http.Response retired = bob.post("/retire");

    assertThat(retired.status()).as(retired.body()).isEqualTo(200);
    assertThat(retired.json().path("retired").path("agentId").asString()).isEqualTo(bob.id);
    assertThat(retired.json().path("retired").path("expiredRequests").asInt()).isEqualTo(1);
    assertThat(alice.message(waiting).json().path("status").asString()).isEqualTo("expired");
    assertThat(bob.heartbeat().errorCode()).isEqualTo("agent_key_invalid");
    assertThat(known(alice)).containsExactly("alice");
    assertThat(alice.send("bob", "anyone?").errorCode()).isEqualTo("target_not_found");

    AgentClient again = hub.agent("bob");
    assertThat(again.id).isNotEqualTo(bob.id);
    assertThat(again.inbox().json().path("messages")).isEmpty();
  }

  @Test
  void an_operator_retires_an_agent_by_name_and_a_project_token_may_not() {
    AgentClient alice = hub.agent("alice");
    hub.agent("bob");

    Http.Response refused = retireNamed("alpha", "bob", TestHubs.ALPHA);
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("admin_required");
    assertThat(known(alice)).contains("bob");

    Http.Response retired = retireNamed("alpha", "BOB", TestHubs.ADMIN);
    assertThat(retired.status()).as(retired.body()).isEqualTo(200);
    assertThat(retired.json().path("retired").path("name").asString()).isEqualTo("bob");
    assertThat(known(alice)).containsExactly("alice");

    Http.Response again = retireNamed("alpha", "bob", TestHubs.ADMIN);
    assertThat(again.status()).isEqualTo(404);
    assertThat(again.errorCode()).isEqualTo("agent_not_found");
  }

  @Test
  void the_hub_s_own_agent_is_never_retired() {
    hub.store.agents().register(anAgent("kxm-workflows").inProject("alpha").build());
    hub.clock.tick(Duration.ofDays(30));

    Http.Response refused = retireNamed("alpha", "kxm-workflows", TestHubs.ADMIN);
    Http.Response pruned = prune(TestHubs.ADMIN, Map.of("offlineForMs", WEEK_MS));

    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("name_reserved");
    assertThat(pruned.status()).isEqualTo(200);
    assertThat(names(pruned.json().path("agents"))).doesNotContain("kxm-workflows");
    assertThat(hub.store.agents().findByName("alpha", "kxm-workflows")).isPresent();
  }

  @Test
  void an_agent_holding_a_lease_is_not_retired_until_the_lease_is_released() {
    AgentClient bob = hub.agent("bob");
    assertThat(bob.post("/leases/deploy", "{\"ttlMs\": 60000}").status()).isEqualTo(200);

    Http.Response refused = bob.post("/retire");
    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.errorCode()).isEqualTo("agent_holds_leases");
    assertThat(refused.json().path("error").path("message").asString()).contains("deploy");
    assertThat(bob.heartbeat().status()).isEqualTo(200);

    assertThat(bob.delete("/leases/deploy").status()).isEqualTo(204);
    assertThat(bob.post("/retire").status()).isEqualTo(200);
  }

  @Test
  void prune_lists_agents_offline_too_long_on_a_dry_run_and_retires_them_otherwise() {
    AgentClient old = hub.agent("old");
    hub.agent("older");
    hub.clock.tick(Duration.ofDays(8));
    AgentClient fresh = hub.agent("fresh");

    Http.Response dry =
        prune(TestHubs.ADMIN, Map.of("offlineForMs", WEEK_MS, "project", "alpha", "dryRun", true));
    assertThat(dry.status()).as(dry.body()).isEqualTo(200);
    assertThat(dry.json().path("dryRun").asBoolean()).isTrue();
    assertThat(names(dry.json().path("agents"))).containsExactlyInAnyOrder("old", "older");
    assertThat(known(fresh)).containsExactly("fresh", "old", "older");

    Http.Response done = prune(TestHubs.ADMIN, Map.of("offlineForMs", WEEK_MS, "project", "alpha"));
    assertThat(done.status()).isEqualTo(200);
    assertThat(names(done.json().path("agents"))).containsExactlyInAnyOrder("old", "older");
    assertThat(known(fresh)).containsExactly("fresh");
    assertThat(old.heartbeat().errorCode()).isEqualTo("agent_key_invalid");
  }

  @Test
  void prune_is_for_the_admin_token_and_needs_a_sane_offline_time() {
    hub.agent("old");
    hub.clock.tick(Duration.ofDays(8));

    assertThat(prune(TestHubs.ALPHA, Map.of("offlineForMs", WEEK_MS)).errorCode())
        .isEqualTo("admin_required");
    assertThat(prune(TestHubs.ADMIN, Map.of()).errorCode()).isEqualTo("invalid_request");
    assertThat(prune(TestHubs.ADMIN, Map.of("offlineForMs", 0)).errorCode())
        .isEqualTo("value_out_of_range");
    assertThat(hub.store.agents().findByName("alpha", "old")).isPresent();
  }

  @Test
  void housekeeping_retires_agents_named_after_a_process_once_offline_past_the_setting() {
    AgentClient reviewer = hub.agent("reviewer");
    hub.agent("cli-4242");
    hub.agent("mcp-77");
    hub.clock.tick(Duration.ofMinutes(30));
    assertThat(known(reviewer)).contains("cli-4242", "mcp-77");

    hub.clock.tick(Duration.ofMinutes(40));
    reviewer.heartbeat();

    await()
        .atMost(Duration.ofSeconds(10))
        .untilAsserted(() -> assertThat(known(reviewer)).containsExactly("reviewer"));
  }
}

package io.kxm.cli.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code kxm peer retire} and {@code kxm agent prune} against the hub as the CLI assembles it. */
class AgentRetireCommandsTest {
  @TempDir static Path dir;
  static HubServer hub;

  @BeforeAll
  static void start() {
    hub = RealHub.start(dir.resolve("hub"));
  }

  @AfterAll
  static void stop() {
    hub.stop();
  }

  static CliRun.Result kxm(String agent, String... args) {
    return CliRun.run(TestEnv.agent(dir, hub.baseUrl(), agent), dir, args);
  }

  static CliRun.Result operator(String... args) {
    Map<String, String> env = TestEnv.agent(dir, hub.baseUrl(), "ops");
    env.put("KXM_AUTH_TOKEN", TestEnv.ADMIN);
    env.remove("KXM_AGENT_NAME");
    return CliRun.run(env, dir, args);
  }

  static JsonNode peers(String agent) {
    CliRun.Result listed = kxm(agent, "peer", "list", "--include-offline", "--json");
    assertThat(listed.exit()).as(listed.err()).isZero();
    return Json.read(listed.out()).path("agents");
  }

  @Test
  void an_agent_retires_itself_with_the_project_token_and_is_gone_from_the_list() {
    assertThat(kxm("leaver", "peer", "list", "--json").exit()).isZero();

    CliRun.Result retired = kxm("leaver", "peer", "retire", "leaver", "--json");

    assertThat(retired.exit()).as(retired.err()).isZero();
    assertThat(Json.read(retired.out()).path("name").asString()).isEqualTo("leaver");
    assertThat(peers("watcher").findValuesAsString("name")).doesNotContain("leaver");
  }

  @Test
  void another_agent_needs_the_admin_token_and_the_operator_retires_it() {
    assertThat(kxm("target", "peer", "list", "--json").exit()).isZero();

    CliRun.Result refused = kxm("someone", "peer", "retire", "target");
    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.err()).contains("admin_required").contains("KXM_AGENT_NAME=target");
    assertThat(peers("watcher").findValuesAsString("name")).contains("target");

    CliRun.Result retired = operator("peer", "retire", "target");
    assertThat(retired.exit()).as(retired.err()).isZero();
    assertThat(retired.out()).startsWith("retired target (agt_");
    assertThat(peers("watcher").findValuesAsString("name")).doesNotContain("target");
  }

  @Test
  void the_hub_s_own_agent_name_cannot_be_claimed_from_the_cli() {
    CliRun.Result refused = kxm("KXM-Workflows", "peer", "list");

    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.err()).contains("name_reserved");
  }

  @Test
  void prune_dry_run_lists_what_would_go_and_changes_nothing() {
    assertThat(kxm("dormant", "peer", "list", "--json").exit()).isZero();

    CliRun.Result dry =
        operator("agent", "prune", "--offline-for", "1s", "--project", "alpha", "--dry-run");
    CliRun.Result json =
        operator(
            "agent", "prune", "--offline-for", "7d", "--project", "alpha", "--dry-run", "--json");

    assertThat(dry.exit()).as(dry.err()).isZero();
    assertThat(dry.out()).startsWith("would retire ");
    assertThat(json.exit()).as(json.err()).isZero();
    assertThat(Json.read(json.out()).path("dryRun").asBoolean()).isTrue();
    assertThat(Json.read(json.out()).path("agents")).isEmpty();
    assertThat(peers("watcher").findValuesAsString("name")).contains("dormant");
  }

  @Test
  void prune_needs_the_admin_token_and_a_duration() {
    CliRun.Result asAgent = kxm("someone", "agent", "prune", "--offline-for", "7d");
    CliRun.Result badDuration = operator("agent", "prune", "--offline-for", "soon");
    CliRun.Result help = operator("agent", "prune", "--help");

    assertThat(asAgent.exit()).isEqualTo(1);
    assertThat(asAgent.err()).contains("admin_required");
    assertThat(badDuration.exit()).isEqualTo(2);
    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("--offline-for").contains("--dry-run").contains("--json");
  }
}

package io.kxm.cli.peer;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.CliRun;
import io.kxm.cli.support.RealHub;
import io.kxm.cli.support.TestEnv;
import io.kxm.client.AgentConnection;
import io.kxm.client.AgentSpec;
import io.kxm.client.ConnectionSettings;
import io.kxm.core.json.Json;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@code kxm peer} against the hub exactly as {@code kxm hub start} assembles it: requests and
 * replies between agents that each live for one command, under stable names.
 */
class PeerEndToEndTest {
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

  static JsonNode json(String agent, String... args) {
    CliRun.Result result = kxm(agent, args);
    assertThat(result.exit()).as(result.err()).isZero();
    return Json.read(result.out());
  }

  @Test
  void a_request_sent_with_the_cli_waits_in_the_inbox_and_its_reply_reaches_the_sender() {
    json("bob", "peer", "list", "--json");

    String id =
        json(
                "alice",
                "peer",
                "send",
                "--target",
                "bob",
                "--content",
                "review PR 7",
                "--allow-offline",
                "--json")
            .path("messageId")
            .asString();
    JsonNode inbox = json("bob", "peer", "inbox", "--json").path("messages");
    JsonNode replied =
        json("bob", "peer", "reply", "--message-id", id, "--content", "lgtm", "--json");
    JsonNode read = json("alice", "peer", "get", "--message-id", id, "--json");
    JsonNode awaited = json("alice", "peer", "await", "--message-id", id, "--json");

    assertThat(inbox.findValuesAsString("id")).contains(id);
    assertThat(replied.path("status").asString()).isEqualTo("replied");
    assertThat(replied.path("recipient").asString()).isEqualTo("alice");
    assertThat(read.path("status").asString()).isEqualTo("replied");
    assertThat(read.path("reply").asString()).isEqualTo("lgtm");
    assertThat(awaited.path("reply").asString()).isEqualTo("lgtm");
    assertThat(json("bob", "peer", "inbox", "--json").path("messages").findValuesAsString("id"))
        .doesNotContain(id);
  }

  @Test
  void the_sender_cancels_and_the_hub_s_refusals_keep_their_codes() {
    json("erin", "peer", "list", "--json");
    String id =
        json(
                "dan",
                "peer",
                "send",
                "--target",
                "erin",
                "--content",
                "x",
                "--allow-offline",
                "--json")
            .path("messageId")
            .asString();

    JsonNode cancelled = json("dan", "peer", "cancel", "--message-id", id, "--json");
    CliRun.Result late = kxm("erin", "peer", "reply", "--message-id", id, "--content", "too late");
    CliRun.Result stranger = kxm("frank", "peer", "get", "--message-id", id);
    CliRun.Result nobody = kxm("dan", "peer", "send", "--target", "nobody-here", "--content", "x");
    CliRun.Result self = kxm("dan", "peer", "send", "--target", "dan", "--content", "x");

    assertThat(cancelled.path("status").asString()).isEqualTo("cancelled");
    assertThat(late.err()).startsWith("error: invalid_message_state: ");
    assertThat(stranger.err()).startsWith("error: message_forbidden: ");
    assertThat(nobody.err()).startsWith("error: target_not_found: ");
    assertThat(self.err()).startsWith("error: self_target: ");
  }

  @Test
  void fanout_reports_an_online_peer_as_pending_and_an_unknown_one_as_an_error() {
    ConnectionSettings gina =
        new ConnectionSettings(
            URI.create(hub.baseUrl()),
            "alpha",
            TestEnv.ALPHA,
            "test",
            new AgentSpec("gina", "reviews", null, null));
    try (AgentConnection online = AgentConnection.open(gina, Clock.systemUTC())) {
      JsonNode result =
          json(
              "hank",
              "peer",
              "fanout",
              "--targets",
              "gina,nobody-here",
              "--content",
              "vote",
              "--timeout-ms",
              "300",
              "--json");

      JsonNode first = result.path("responses").get(0);
      assertThat(first.path("target").asString()).isEqualTo("gina");
      assertThat(first.path("status").asString()).isEqualTo("pending");
      assertThat(first.path("waitStatus").asString()).isEqualTo("timed_out");
      assertThat(result.path("responses").get(1).path("status").asString()).isEqualTo("error");
      assertThat(online.peers().inbox()).extracting(m -> m.fromName()).contains("hank");
    }
  }

  @Test
  void a_peer_list_shows_the_calling_agent_online_while_it_runs() {
    JsonNode agents = json("ivy", "peer", "list", "--json").path("agents");

    assertThat(agents.findValuesAsString("name")).contains("ivy");
  }
}

package io.kxm.hub.agents;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class PresenceTest {
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

  private String presenceOf(AgentClient viewer, String name) {
    for (JsonNode agent : viewer.peers(true).json().path("agents")) {
      if (agent.path("name").asString().equals(name)) {
        return agent.path("presence").asString();
      }
    }
    return "absent";
  }

  private static List<String> names(JsonNode agents) {
    List<String> names = new ArrayList<>();
    agents.forEach(agent -> names.add(agent.path("name").asString()));
    return names;
  }

  @Test
  void presence_goes_online_stale_offline_by_the_hubs_clock() {
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    assertThat(presenceOf(alice, "bob")).isEqualTo("online");

    hub.clock.tick(Duration.ofSeconds(59));
    assertThat(presenceOf(alice, "bob")).isEqualTo("online");
    hub.clock.tick(Duration.ofSeconds(1));
    assertThat(presenceOf(alice, "bob")).isEqualTo("stale");
    hub.clock.tick(Duration.ofSeconds(59));
    assertThat(presenceOf(alice, "bob")).isEqualTo("stale");
    hub.clock.tick(Duration.ofSeconds(1));
    assertThat(presenceOf(alice, "bob")).isEqualTo("offline");

    assertThat(bob.heartbeat().json().path("agent").path("presence").asString())
        .isEqualTo("online");
    assertThat(presenceOf(alice, "bob")).isEqualTo("online");
  }

  @Test
  void a_heartbeat_extends_the_lease_from_now() {
    AgentClient bob = hub.agent("bob");
    hub.clock.tick(Duration.ofSeconds(45));

    JsonNode agent = bob.heartbeat().json().path("agent");

    assertThat(agent.path("lastSeenAt").asString()).isEqualTo("2030-01-01T00:00:45Z");
    assertThat(agent.path("leaseExpiresAt").asString()).isEqualTo("2030-01-01T00:01:45Z");
  }

  @Test
  void disconnecting_makes_the_agent_offline_at_once_but_keeps_it_registered() {
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");

    assertThat(bob.delete("").json().path("agent").path("presence").asString())
        .isEqualTo("offline");

    assertThat(names(alice.peers(false).json().path("agents"))).containsExactly("alice");
    assertThat(names(alice.peers(true).json().path("agents"))).containsExactly("alice", "bob");
    assertThat(bob.heartbeat().status()).isEqualTo(200);
  }

  @Test
  void peers_lists_the_callers_project_only_and_the_caller_too() {
    AgentClient alice = hub.agent("alice");
    hub.agent("bob");
    AgentClient eve = hub.agent("beta", TestHubs.BETA, "eve");

    assertThat(names(alice.peers(false).json().path("agents"))).containsExactly("alice", "bob");
    assertThat(names(eve.peers(true).json().path("agents"))).containsExactly("eve");
    assertThat(alice.get("/peers?includeOffline=maybe").errorCode()).isEqualTo("invalid_request");
  }

  @Test
  void stale_agents_are_listed_by_default_and_offline_ones_only_on_request() {
    AgentClient alice = hub.agent("alice");
    hub.agent("bob");
    hub.clock.tick(Duration.ofSeconds(90));
    alice.heartbeat();

    assertThat(names(alice.peers(false).json().path("agents"))).containsExactly("alice", "bob");
    hub.clock.tick(Duration.ofSeconds(40));
    alice.heartbeat();
    assertThat(names(alice.peers(false).json().path("agents"))).containsExactly("alice");
  }

  @Test
  void an_open_event_stream_renews_the_presence_lease() {
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    hub.clock.tick(Duration.ofSeconds(50));

    try (SseStream stream = bob.events()) {
      assertThat(stream.status()).isEqualTo(200);
      hub.clock.tick(Duration.ofSeconds(50));
      assertThat(presenceOf(alice, "bob")).isEqualTo("online");
    }
  }

  @Test
  void an_agent_that_disconnects_is_not_renewed_by_its_stream_the_hub_still_holds() {
    hub.close();
    // A one-second lease renews held streams three times a second, in real time.
    hub = MessagingHub.start(dir, MessagingHub.FAST.withPresenceLease(Duration.ofSeconds(1)));
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    AgentClient carol = hub.agent("carol");

    try (SseStream bobs = bob.events();
        SseStream witness = carol.events()) {
      assertThat(bobs.status()).isEqualTo(200);
      assertThat(witness.status()).isEqualTo(200);
      bob.delete("");
      hub.clock.tick(Duration.ofSeconds(5));

      // Carol's stream is renewed in the same round as any other held stream: once her lease runs
      // from the new time, a round has run since bob left.
      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> leaseOf(alice, "carol").equals("2030-01-01T00:00:06Z"));
      assertThat(presenceOf(alice, "bob")).isEqualTo("offline");
    }
  }

  private String leaseOf(AgentClient viewer, String name) {
    for (JsonNode agent : viewer.peers(true).json().path("agents")) {
      if (agent.path("name").asString().equals(name)) {
        return agent.path("leaseExpiresAt").asString();
      }
    }
    return "absent";
  }
}

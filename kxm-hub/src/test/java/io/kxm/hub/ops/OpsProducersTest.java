package io.kxm.hub.ops;

import static io.kxm.hub.ops.OpsFrames.kind;
import static io.kxm.hub.ops.OpsFrames.kindOf;
import static io.kxm.hub.ops.OpsFrames.until;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.OpsHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Leases, runtime sync, retirement and refused requests each leave their entry in the log. */
class OpsProducersTest {
  @TempDir Path dir;
  private OpsHub hub;

  @BeforeEach
  void start() {
    hub = OpsHub.start(dir);
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  @Test
  void
      a_lease_taken_and_given_up_shows_acquired_then_released_and_sits_in_the_snapshot_meanwhile() {
    AgentClient alice = hub.agent("alice");
    try (SseStream stream = hub.events(TestHubs.ALPHA, "")) {
      assertThat(alice.post("/leases/repo.main", "{\"ttlMs\": 30000}").status()).isEqualTo(200);
      JsonNode acquired = until(stream, kind("lease.acquired")).getLast();
      JsonNode snapshot = hub.snapshot(TestHubs.ALPHA, "").json();
      assertThat(alice.delete("/leases/repo.main").status()).isEqualTo(204);
      JsonNode released = until(stream, kind("lease.released")).getLast();

      assertThat(acquired.path("resource").asString()).isEqualTo("repo.main");
      assertThat(acquired.path("holder").asString()).isEqualTo("alice");
      assertThat(acquired.path("fencingToken").asLong()).isEqualTo(1);
      assertThat(released.path("holderId").asString()).isEqualTo(alice.id);
      assertThat(snapshot.path("leases").valueStream().map(l -> l.path("resource").asString()))
          .containsExactly("repo.main");
      assertThat(snapshot.path("leases").path(0).path("holder").asString()).isEqualTo("alice");
    }
  }

  @Test
  void a_synced_runtime_status_shows_as_runtime_run() {
    try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      String body =
          """
          {"runtimeId": "rt-1", "events": [{"project": "alpha", "runId": "run_a1",
            "sequence": 1, "type": "run.created", "at": "2030-01-01T00:00:01Z",
            "data": {"status": "running", "workflowId": "ship", "prompt": "SECRET-PROMPT"}}]}
          """;
      assertThat(hub.http.postJson("/v1/runtime/sync", TestHubs.ALPHA, body).status())
          .isEqualTo(200);

      JsonNode entry = until(stream, kind("runtime.run")).getLast();

      assertThat(entry.path("project").asString()).isEqualTo("alpha");
      assertThat(entry.path("runId").asString()).isEqualTo("run_a1");
      assertThat(entry.path("status").asString()).isEqualTo("running");
      assertThat(entry.path("workflowId").asString()).isEqualTo("ship");
      assertThat(entry.toString()).doesNotContain("SECRET-PROMPT");
      JsonNode runs = hub.snapshot(TestHubs.ALPHA, "").json().path("runtimeRuns");
      assertThat(runs.path(0).path("runId").asString()).isEqualTo("run_a1");
      assertThat(runs.path(0).path("status").asString()).isEqualTo("running");
    }
  }

  @Test
  void retiring_an_agent_shows_agent_retired() {
    AgentClient carl = hub.agent("carl");
    try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      assertThat(carl.post("/retire").status()).isBetween(200, 204);

      JsonNode entry = until(stream, kindOf("agent.retired", "name", "carl")).getLast();

      assertThat(entry.path("agentId").asString()).isEqualTo(carl.id);
      assertThat(entry.path("presence").asString()).isEqualTo("offline");
    }
  }

  @Test
  void a_disconnect_shows_as_presence_offline() {
    AgentClient dora = hub.agent("dora");
    try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      assertThat(dora.delete("").status()).isBetween(200, 204);

      JsonNode entry = until(stream, kindOf("agent.presence", "name", "dora")).getLast();

      assertThat(entry.path("presence").asString()).isEqualTo("offline");
    }
  }

  @Test
  void a_refused_agent_key_shows_as_an_error_with_the_route_template_and_code_only() {
    AgentClient alice = hub.agent("alice");
    try (SseStream admin = hub.events(TestHubs.ADMIN, "")) {
      assertThat(alice.withKey("not-the-key").inbox().status()).isEqualTo(401);

      List<JsonNode> seen = until(admin, kind("error"));
      JsonNode error = seen.getLast();

      assertThat(error.path("route").asString()).isEqualTo("/v1/agents/{agentId}/inbox");
      assertThat(error.path("code").asString()).isEqualTo("agent_key_invalid");
      assertThat(error.path("status").asInt()).isEqualTo(401);
      assertThat(error.toString()).doesNotContain(alice.id).doesNotContain("not-the-key");
    }
  }
}

package io.kxm.hub.leases;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class LeaseRoutesTest {
  @TempDir Path dir;
  MessagingHub hub;
  AgentClient alice;
  AgentClient bob;

  @BeforeEach
  void start() {
    hub = MessagingHub.start(dir);
    alice = hub.agent("alice");
    bob = hub.agent("bob");
  }

  @AfterEach
  void stop() {
    hub.close();
  }

  private static Http.Response acquire(AgentClient agent, String resource, long ttlMs) {
    return agent.post("/leases/" + resource, "{\"ttlMs\":" + ttlMs + "}");
  }

  private static Http.Response fence(AgentClient agent, String resource, long token) {
    return agent.post("/leases/" + resource + "/fence", "{\"fencingToken\":" + token + "}");
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  @Test
  void the_first_taker_holds_the_lease_with_token_one_and_others_see_it_held() {
    Http.Response taken = acquire(alice, "deploy", 30_000);
    assertThat(taken.status()).isEqualTo(200);
    JsonNode lease = taken.json().path("lease");
    assertThat(lease.path("resource").asString()).isEqualTo("deploy");
    assertThat(lease.path("holder").asString()).isEqualTo(alice.id);
    assertThat(lease.path("fencingToken").asLong()).isEqualTo(1);
    assertThat(lease.path("expiresAt").asString()).isEqualTo("2030-01-01T00:00:30Z");

    Http.Response busy = acquire(bob, "deploy", 30_000);
    refused(busy, 409, "lease_held");
    assertThat(busy.json().path("error").path("message").asString())
        .contains("alice", alice.id, "2030-01-01T00:00:30Z");
  }

  @Test
  void the_holder_renews_and_anyone_else_is_not_the_holder() {
    acquire(alice, "db", 10_000);
    hub.clock.tick(Duration.ofSeconds(5));

    Http.Response renewed = alice.post("/leases/db/renew", "{\"ttlMs\":10000}");
    assertThat(renewed.json().path("lease").path("expiresAt").asString())
        .isEqualTo("2030-01-01T00:00:15Z");
    refused(bob.post("/leases/db/renew", "{}"), 409, "lease_not_held");
    refused(bob.delete("/leases/db"), 409, "lease_not_held");
  }

  @Test
  void a_takeover_after_expiry_raises_the_token_and_fences_the_stale_holder() {
    acquire(alice, "repo", 1_000);
    hub.clock.tick(Duration.ofSeconds(1));

    JsonNode taken = acquire(bob, "repo", 30_000).json().path("lease");

    assertThat(taken.path("fencingToken").asLong()).isEqualTo(2);
    refused(fence(alice, "repo", 1), 409, "lease_fenced");
    refused(alice.post("/leases/repo/renew", "{}"), 409, "lease_not_held");
    Http.Response current = fence(bob, "repo", 2);
    assertThat(current.status()).isEqualTo(200);
    assertThat(current.json().path("lease").path("holder").asString()).isEqualTo(bob.id);
  }

  @Test
  void a_token_above_the_current_one_is_unknown_rather_than_stale() {
    acquire(alice, "build", 30_000);

    Http.Response ahead = fence(alice, "build", 5);

    refused(ahead, 409, "fence_unknown");
    assertThat(ahead.json().path("error").path("message").asString())
        .contains("5", "current token 1", "never issued")
        .doesNotContain("stale");
  }

  @Test
  void release_ends_the_lease_and_only_a_new_holder_raises_the_token() {
    acquire(alice, "cache", 30_000);
    assertThat(alice.delete("/leases/cache").status()).isEqualTo(204);
    refused(alice.delete("/leases/cache"), 409, "lease_not_held");

    assertThat(acquire(alice, "cache", 30_000).json().path("lease").path("fencingToken").asLong())
        .isEqualTo(1);
    alice.delete("/leases/cache");
    assertThat(acquire(bob, "cache", 30_000).json().path("lease").path("fencingToken").asLong())
        .isEqualTo(2);
  }

  @Test
  void ttl_is_one_second_to_one_day_and_defaults_to_thirty_seconds() {
    refused(acquire(alice, "t", 999), 400, "value_out_of_range");
    refused(acquire(alice, "t", 86_400_001), 400, "value_out_of_range");
    assertThat(acquire(alice, "t", 86_400_000).status()).isEqualTo(200);
    assertThat(bob.post("/leases/u").json().path("lease").path("expiresAt").asString())
        .isEqualTo("2030-01-01T00:00:30Z");
  }

  @Test
  void resource_names_are_checked() {
    refused(acquire(alice, "r".repeat(201), 1_000), 400, "value_too_long");
    assertThat(acquire(alice, "r".repeat(200), 1_000).status()).isEqualTo(200);
    refused(acquire(alice, "two%20words", 1_000), 400, "invalid_request");
    refused(alice.post("/leases/x/fence", "{}"), 400, "invalid_request");
    refused(fence(alice, "never-held", 1), 409, "lease_not_held");
  }

  @Test
  void leases_are_scoped_to_the_project() {
    acquire(alice, "shared-name", 30_000);
    AgentClient eve = hub.agent("beta", TestHubs.BETA, "eve");

    JsonNode theirs = acquire(eve, "shared-name", 30_000).json().path("lease");

    assertThat(theirs.path("holder").asString()).isEqualTo(eve.id);
    assertThat(theirs.path("fencingToken").asLong()).isEqualTo(1);
  }

  @Test
  void ended_leases_are_kept_a_week_then_purged() {
    acquire(alice, "old", 1_000);
    hub.clock.tick(Duration.ofDays(6));
    bob.heartbeat();
    assertThat(acquire(bob, "old", 1_000).json().path("lease").path("fencingToken").asLong())
        .isEqualTo(2);

    hub.clock.tick(Duration.ofDays(8));

    await().until(() -> hub.store.leases().find("alpha", "old").isEmpty());
  }
}

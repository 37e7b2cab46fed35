package io.kxm.hub.reserve;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

class ReservationRoutesTest {
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

  private static Http.Response reserve(AgentClient agent, String body) {
    return agent.post("/reservations", body);
  }

  private static JsonNode made(Http.Response response) {
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    return response.json().path("reservation");
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).isEqualTo(code);
  }

  private List<String> liveIds(String token) {
    Http.Response listed = hub.http.getWithToken("/v1/projects/alpha/reservations", token);
    assertThat(listed.status()).as(listed.body()).isEqualTo(200);
    return listed
        .json()
        .path("reservations")
        .valueStream()
        .map(r -> r.path("id").asString())
        .toList();
  }

  @Test
  void a_reservation_comes_back_whole_with_the_projects_first_fencing_token() {
    JsonNode r =
        made(
            reserve(
                alice,
                "{\"paths\":[\"src/api/\",\"README.md\"],\"ttlMs\":60000,\"reason\":\"routes\"}"));

    assertThat(r.path("id").asString()).startsWith("rsv_");
    assertThat(r.path("holder").asString()).isEqualTo(alice.id);
    assertThat(r.path("holderName").asString()).isEqualTo("alice");
    assertThat(r.path("paths").valueStream().map(JsonNode::asString))
        .containsExactly("src/api/**", "README.md");
    assertThat(r.path("mode").asString()).isEqualTo("exclusive");
    assertThat(r.path("reason").asString()).isEqualTo("routes");
    assertThat(r.path("fencingToken").asLong()).isEqualTo(1);
    assertThat(r.path("expiresAt").asString()).isEqualTo("2030-01-01T00:01:00Z");
    assertThat(liveIds(TestHubs.ALPHA)).containsExactly(r.path("id").asString());
  }

  @Test
  void an_overlapping_reservation_is_refused_naming_the_holder_the_globs_and_the_deadline() {
    String held =
        made(reserve(alice, "{\"paths\":[\"src/api/**\"],\"ttlMs\":60000}")).path("id").asString();

    Http.Response conflict = reserve(bob, "{\"paths\":[\"src/**/*.java\",\"docs/**\"]}");

    refused(conflict, 409, "reservation_conflict");
    assertThat(conflict.json().path("error").path("message").asString())
        .contains("src/**/*.java meets src/api/**", "alice", alice.id, "2030-01-01T00:01:00Z", held)
        .doesNotContain("docs/**");
    assertThat(liveIds(TestHubs.ALPHA)).containsExactly(held);
  }

  @Test
  void shared_reservations_coexist_and_keep_an_exclusive_one_out() {
    made(reserve(alice, "{\"paths\":[\"schema.sql\"],\"mode\":\"shared\"}"));
    made(reserve(bob, "{\"paths\":[\"*.sql\"],\"mode\":\"shared\"}"));

    AgentClient carol = hub.agent("carol");
    refused(reserve(carol, "{\"paths\":[\"schema.sql\"]}"), 409, "reservation_conflict");
  }

  @Test
  void a_reservation_ends_at_its_deadline_and_the_next_holder_gets_a_higher_token() {
    made(reserve(alice, "{\"paths\":[\"a.txt\"],\"ttlMs\":10000}"));
    hub.clock.tick(Duration.ofSeconds(10));

    JsonNode bobs = made(reserve(bob, "{\"paths\":[\"a.txt\"]}"));

    assertThat(bobs.path("fencingToken").asLong()).isEqualTo(2);
    assertThat(liveIds(TestHubs.ALPHA)).containsExactly(bobs.path("id").asString());
  }

  @Test
  void only_the_holder_releases_and_a_released_path_is_free_at_once() {
    String id = made(reserve(alice, "{\"paths\":[\"lib/**\"]}")).path("id").asString();

    refused(bob.delete("/reservations/" + id), 409, "reservation_not_held");
    refused(alice.delete("/reservations/rsv_unknown"), 404, "reservation_not_found");
    Http.Response released = alice.delete("/reservations/" + id);
    assertThat(released.status()).as(released.body()).isEqualTo(200);
    assertThat(released.json().path("reservation").path("endedAt").asString())
        .isEqualTo("2030-01-01T00:00:00Z");
    assertThat(alice.delete("/reservations/" + id).status()).as("again: as it is").isEqualTo(200);

    made(reserve(bob, "{\"paths\":[\"lib/x.c\"]}"));
    Http.Response ended =
        hub.http.getWithToken("/v1/projects/alpha/reservations/" + id, TestHubs.ALPHA);
    assertThat(ended.json().path("reservation").path("endedAt").isNull()).isFalse();
  }

  @Test
  void bad_input_is_refused_and_changes_nothing() {
    refused(reserve(alice, "{\"paths\":[]}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"../etc/passwd\"]}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"/abs\"]}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"src/{a,b}\"]}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"a\"],\"mode\":\"mine\"}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"a\"],\"ttlMs\":5}"), 400, "invalid_request");
    refused(reserve(alice, "{\"paths\":[\"a\"],\"holder\":\"x\"}"), 400, "unknown_field");
    refused(reserve(alice, "{\"paths\":" + manyGlobs(33) + "}"), 400, "invalid_request");
    assertThat(liveIds(TestHubs.ALPHA)).isEmpty();
  }

  @Test
  void another_projects_token_cannot_read_the_reservations() {
    made(reserve(alice, "{\"paths\":[\"a\"]}"));

    Http.Response other = hub.http.getWithToken("/v1/projects/alpha/reservations", TestHubs.BETA);
    refused(other, 403, "project_forbidden");
    assertThat(liveIds(TestHubs.ADMIN)).hasSize(1);
  }

  private static String manyGlobs(int n) {
    StringBuilder out = new StringBuilder("[");
    for (int i = 0; i < n; i++) {
      out.append(i == 0 ? "" : ",").append("\"f").append(i).append("\"");
    }
    return out.append(']').toString();
  }
}

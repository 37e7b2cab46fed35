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
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** {@code GET /v1/ops/events} and {@code /v1/ops/snapshot} on the whole hub, on port 0. */
class OpsStreamTest {
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
  void a_registration_appears_on_the_admin_stream_with_name_purpose_and_presence() {
    try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      assertThat(stream.status()).isEqualTo(200);
      AgentClient alice = hub.agent("alice");

      JsonNode entry = until(stream, kindOf("agent.registered", "name", "alice")).getLast();

      assertThat(entry.path("project").asString()).isEqualTo("alpha");
      assertThat(entry.path("agentId").asString()).isEqualTo(alice.id);
      assertThat(entry.path("purpose").asString()).isEqualTo("tests alice");
      assertThat(entry.path("presence").asString()).isEqualTo("online");
      assertThat(entry.path("at").asString()).isNotBlank();
    }
  }

  @Test
  void a_request_shows_sent_delivered_and_replied_in_order_and_a_cancel_shows_cancelled() {
    AgentClient alice = hub.agent("alice");
    AgentClient bob = hub.agent("bob");
    try (SseStream stream = hub.events(TestHubs.ADMIN, "")) {
      String first = alice.sendOk("bob", "hello bob");
      assertThat(bob.ack(first).status()).isEqualTo(200);
      assertThat(bob.reply(first, "hi alice!").status()).isEqualTo(200);
      String second = alice.sendOk("bob", "never mind");
      assertThat(alice.cancel(second).status()).isEqualTo(200);

      List<JsonNode> entries = until(stream, kindOf("message.cancelled", "messageId", second));

      List<String> kinds =
          entries.stream()
              .filter(e -> e.path("kind").asString().startsWith("message."))
              .map(e -> e.path("kind").asString() + ":" + e.path("messageId").asString())
              .toList();
      assertThat(kinds)
          .containsExactly(
              "message.sent:" + first,
              "message.delivered:" + first,
              "message.replied:" + first,
              "message.sent:" + second,
              "message.cancelled:" + second);
      JsonNode sent = entries.stream().filter(kind("message.sent")).findFirst().orElseThrow();
      assertThat(sent.path("from").asString()).isEqualTo("alice");
      assertThat(sent.path("to").asString()).isEqualTo("bob");
      assertThat(sent.path("status").asString()).isEqualTo("queued");
      assertThat(sent.path("bytes").asLong()).isEqualTo("hello bob".length());
      JsonNode replied = entries.stream().filter(kind("message.replied")).findFirst().orElseThrow();
      assertThat(replied.path("bytes").asLong()).isEqualTo("hi alice!".length());
      assertThat(replied.path("messageKind").asString()).isEqualTo("reply");
      assertThat(entries).extracting(e -> e.path("seq").asLong()).isSorted();
    }
  }

  @Test
  void resuming_with_last_event_id_while_sends_go_on_yields_every_entry_exactly_once()
      throws Exception {
    AgentClient alice = hub.agent("alice");
    hub.agent("bob");
    int total = 60;
    List<String> sentIds = new CopyOnWriteArrayList<>();
    List<Long> seqs = new ArrayList<>();
    Set<String> seenSent = new HashSet<>();
    long after = hub.snapshot(TestHubs.ADMIN, "").json().path("seq").asLong();
    CompletableFuture<Void> sending =
        CompletableFuture.runAsync(() -> {
          for (int i = 0; i < total; i++) {
            sentIds.add(alice.sendOk("bob", "request " + i));
          }
        });
    int connections = 0;
    while (seenSent.size() < total) {
      connections++;
      try (SseStream stream =
          hub.events(TestHubs.ADMIN, "", "Last-Event-ID", Long.toString(after))) {
        // Read a few entries on this connection, then drop it mid-stream.
        for (int read = 0; read < 7 && seenSent.size() < total; read++) {
          SseStream.Frame frame = stream.next(Duration.ofSeconds(10));
          if (!"ops".equals(frame.event())) {
            continue;
          }
          JsonNode entry = frame.json();
          seqs.add(frame.seq());
          after = frame.seq();
          if (entry.path("kind").asString().equals("message.sent")) {
            assertThat(seenSent.add(entry.path("messageId").asString())).isTrue();
          }
        }
      }
    }
    sending.get();

    assertThat(connections).isGreaterThan(2);
    assertThat(seqs).doesNotHaveDuplicates().isSorted();
    for (int i = 1; i < seqs.size(); i++) {
      assertThat(seqs.get(i)).isEqualTo(seqs.get(i - 1) + 1); // the admin sees every number
    }
    assertThat(seenSent).containsExactlyInAnyOrderElementsOf(sentIds);
  }

  @Test
  void a_project_token_sees_only_its_project_and_is_refused_another() {
    try (SseStream alpha = hub.events(TestHubs.ALPHA, "");
        SseStream admin = hub.events(TestHubs.ADMIN, "")) {
      hub.agent("beta", TestHubs.BETA, "bea");
      hub.agent("alpha", TestHubs.ALPHA, "ann");

      List<JsonNode> seen = until(alpha, kindOf("agent.registered", "name", "ann"));
      List<JsonNode> all = until(admin, kindOf("agent.registered", "name", "ann"));

      assertThat(seen).extracting(e -> e.path("project").asString()).containsOnly("alpha");
      assertThat(all).extracting(e -> e.path("name").asString()).contains("bea", "ann");
    }
    try (SseStream refused = hub.events(TestHubs.ALPHA, "?project=beta")) {
      assertThat(refused.status()).isEqualTo(403);
      assertThat(refused.errorBody().path("error").path("code").asString())
          .isEqualTo("project_forbidden");
    }
    assertThat(hub.snapshot(TestHubs.ALPHA, "?project=beta").errorCode())
        .isEqualTo("project_forbidden");
    try (SseStream beta = hub.events(TestHubs.ADMIN, "?project=beta&after=0")) {
      List<JsonNode> seen = until(beta, kindOf("agent.registered", "name", "bea"));
      assertThat(seen).extracting(e -> e.path("project").asString()).containsOnly("beta");
    }
  }

  @Test
  void the_snapshot_lists_agents_and_recent_messages_and_following_from_its_seq_loses_nothing() {
    AgentClient alice = hub.agent("alice");
    hub.agent("bob");
    String before = alice.sendOk("bob", "before the snapshot");

    JsonNode snapshot = hub.snapshot(TestHubs.ALPHA, "").json();
    String afterwards = alice.sendOk("bob", "after the snapshot");

    assertThat(snapshot.path("agents").valueStream().map(a -> a.path("name").asString()))
        .contains("alice", "bob");
    assertThat(snapshot.path("agents").valueStream().map(a -> a.path("presence").asString()))
        .containsOnly("online");
    assertThat(snapshot.path("messages").valueStream().map(m -> m.path("messageId").asString()))
        .contains(before)
        .doesNotContain(afterwards);
    assertThat(snapshot.has("workflowRuns")).isTrue();
    assertThat(snapshot.has("runtimeRuns")).isTrue();
    assertThat(snapshot.has("leases")).isTrue();
    long seq = snapshot.path("seq").asLong();
    try (SseStream stream = hub.events(TestHubs.ALPHA, "?after=" + seq)) {
      List<JsonNode> seen = until(stream, kindOf("message.sent", "messageId", afterwards));
      assertThat(seen.getFirst().path("seq").asLong()).isGreaterThan(seq);
      assertThat(seen).extracting(e -> e.path("messageId").asString()).doesNotContain(before);
    }
  }

  @Test
  void a_cursor_past_the_end_of_the_log_is_refused() {
    try (SseStream stream = hub.events(TestHubs.ADMIN, "?after=999999")) {
      assertThat(stream.status()).isEqualTo(400);
      assertThat(stream.errorBody().path("error").path("code").asString())
          .isEqualTo("invalid_cursor");
    }
  }
}

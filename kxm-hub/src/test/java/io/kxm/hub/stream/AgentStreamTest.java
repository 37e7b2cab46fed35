package io.kxm.hub.stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.MessagingHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.SseStream.Frame;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The agent event stream over real SSE: frames, resume, re-push, heartbeats and drain. */
class AgentStreamTest {
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

  private static List<Long> seqs(List<Frame> frames) {
    return frames.stream().map(Frame::seq).toList();
  }

  @Test
  void a_request_arrives_as_one_id_line_and_one_data_line_with_the_shared_envelope() {
    try (SseStream stream = bob.events()) {
      assertThat(stream.status()).isEqualTo(200);
      assertThat(stream.header("Content-Type")).startsWith("text/event-stream");
      String id = alice.sendOk(bob.name, "line one\nline two");

      Frame frame = stream.next();

      assertThat(frame.id()).isEqualTo("1");
      assertThat(frame.event()).isNull();
      JsonNode envelope = frame.json();
      assertThat(envelope.path("seq").asLong()).isEqualTo(1);
      assertThat(envelope.path("type").asString()).isEqualTo("message.queued");
      assertThat(envelope.path("ts").asString()).isEqualTo("2030-01-01T00:00:00Z");
      assertThat(envelope.path("agentId").asString()).isEqualTo(bob.id);
      assertThat(frame.message().path("id").asString()).isEqualTo(id);
      assertThat(frame.message().path("content").asString()).isEqualTo("line one\nline two");
      int idLine = stream.lines().indexOf("id: 1");
      assertThat(stream.lines().get(idLine + 1)).startsWith("data: {\"seq\":1,");
      assertThat(stream.lines().get(idLine + 2)).isEmpty();
    }
  }

  @Test
  void each_side_hears_how_a_request_ended() {
    try (SseStream aliceStream = alice.events();
        SseStream bobStream = bob.events()) {
      String replied = alice.sendOk(bob.name, "q1");
      String cancelled = alice.sendOk(bob.name, "q2");
      bob.reply(replied, "done");
      alice.cancel(cancelled);

      List<Frame> toBob = bobStream.next(3);
      assertThat(toBob)
          .extracting(Frame::type)
          .containsExactly("message.queued", "message.queued", "message.cancelled");
      List<Frame> toAlice = aliceStream.next(2);
      assertThat(toAlice)
          .extracting(Frame::type)
          .containsExactly("message.replied", "message.cancelled");
      assertThat(toAlice.get(0).message().path("reply").asString()).isEqualTo("done");
    }
  }

  @Test
  void resuming_by_last_event_id_or_after_sees_every_later_event_once() {
    List<Long> seen = new ArrayList<>();
    try (SseStream first = bob.events()) {
      for (int i = 0; i < 3; i++) {
        alice.sendOk(bob.name, "q" + i);
      }
      seen.addAll(seqs(first.next(3)));
    }
    for (int i = 3; i < 6; i++) {
      alice.sendOk(bob.name, "q" + i);
    }
    try (SseStream byHeader = bob.events("", "Last-Event-ID", "3")) {
      seen.addAll(seqs(byHeader.next(3)));
      alice.sendOk(bob.name, "q6");
      seen.addAll(seqs(byHeader.next(1)));
    }
    try (SseStream byQuery = bob.events("?after=5")) {
      assertThat(seqs(byQuery.next(2))).containsExactly(6L, 7L);
    }
    try (SseStream headerWins = bob.events("?after=1", "Last-Event-ID", "6")) {
      assertThat(headerWins.next().seq()).isEqualTo(7);
    }

    assertThat(seen).containsExactlyElementsOf(LongStream.rangeClosed(1, 7).boxed().toList());
  }

  @Test
  void live_events_under_concurrent_sends_arrive_in_order_without_gap_or_duplicate() {
    AgentClient carol = hub.agent("carol");
    int total = 60;
    try (SseStream stream = bob.events()) {
      Thread other =
          Thread.ofVirtual()
              .start(() -> {
                for (int i = 0; i < total / 2; i++) {
                  carol.sendOk(bob.name, "c" + i);
                }
              });
      for (int i = 0; i < total / 2; i++) {
        alice.sendOk(bob.name, "a" + i);
      }
      assertThat(seqs(stream.next(total)))
          .containsExactlyElementsOf(LongStream.rangeClosed(1, total).boxed().toList());
      await().until(() -> !other.isAlive());
      assertThat(stream.pending()).isEmpty();
    }
  }

  @Test
  void a_cursor_that_is_not_a_whole_number_or_is_past_the_stream_is_invalid_cursor() {
    alice.sendOk(bob.name, "q");
    for (String bad : List.of("abc", "-1", "1.5", "99999999999999999999")) {
      try (SseStream stream = bob.events("", "Last-Event-ID", bad)) {
        assertThat(stream.status()).as(bad).isEqualTo(400);
        assertThat(stream.errorBody().path("error").path("code").asString())
            .isEqualTo("invalid_cursor");
      }
    }
    try (SseStream stream = bob.events("?after=x")) {
      assertThat(stream.status()).isEqualTo(400);
    }
    try (SseStream ahead = bob.events("?after=2")) {
      assertThat(ahead.status()).isEqualTo(400);
      assertThat(ahead.errorBody().path("error").path("message").asString())
          .contains("past the last event 1");
    }
    try (SseStream exact = bob.events("?after=1")) {
      assertThat(exact.status()).isEqualTo(200);
    }
  }

  @Test
  void the_stream_needs_the_agents_key() {
    try (SseStream stream = bob.withKey(alice.key).events()) {
      assertThat(stream.status()).isEqualTo(401);
      assertThat(stream.errorBody().path("error").path("code").asString())
          .isEqualTo("agent_key_invalid");
    }
  }

  @Test
  void an_idle_stream_sends_heartbeat_comments() {
    try (SseStream stream = bob.events()) {
      await().until(() -> stream.lines().contains(": heartbeat"));
    }
  }

  @Test
  void a_reconnect_pushes_every_still_queued_request_again_with_its_original_id() {
    String first = alice.sendOk(bob.name, "q1");
    String acked = alice.sendOk(bob.name, "q2");
    hub.clock.tick(Duration.ofMillis(1)); // oldest first is by creation time
    String third = alice.sendOk(bob.name, "q3");
    bob.ack(acked);

    AgentClient again = hub.agent("bob");

    try (SseStream stream = again.events("?after=3")) {
      List<Frame> repushed = stream.next(2);
      assertThat(seqs(repushed)).containsExactly(4L, 5L);
      assertThat(repushed).extracting(Frame::type).containsOnly("message.queued");
      assertThat(repushed)
          .extracting(f -> f.message().path("id").asString())
          .containsExactly(first, third);
    }
  }

  @Test
  void draining_the_hub_ends_open_streams_cleanly() {
    SseStream stream = bob.events();
    alice.sendOk(bob.name, "q");
    stream.next();

    assertThat(hub.hub.stop()).as("the stop was clean").isTrue();

    await().until(stream::ended);
    stream.close();
  }

  @Test
  void an_ack_or_a_send_body_of_the_wrong_shape_is_refused_without_touching_the_stream() {
    assertThat(alice.post("/messages", "[1,2]").errorCode()).isEqualTo("invalid_request");
    assertThat(alice.send(Map.of("target", bob.name, "content", "q", "ttlMs", "soon")).errorCode())
        .isEqualTo("invalid_type");
    try (SseStream stream = bob.events()) {
      alice.sendOk(bob.name, "q");
      assertThat(stream.next().seq()).isEqualTo(1);
    }
  }
}

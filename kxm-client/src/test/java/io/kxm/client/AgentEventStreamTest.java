package io.kxm.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpExchange;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Following an agent's stream across disconnects: resume, refusal, expired cursor, idleness. */
class AgentEventStreamTest {
  static final StreamTiming FAST =
      new StreamTiming(Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofSeconds(30));

  final WireServer wire = new WireServer();
  final CountDownLatch released = new CountDownLatch(1);
  final AtomicInteger connections = new AtomicInteger();
  final List<Long> seqs = new CopyOnWriteArrayList<>();
  final List<Object> other = new CopyOnWriteArrayList<>();
  final HubHttp http = new HubHttp(wire.base(), "tok");
  final HttpPeerOperations peers =
      new HttpPeerOperations(
          http,
          new AgentCredentials("agt_a", "key", "alice", "p", Duration.ofMinutes(1), null),
          Clock.systemUTC());
  AgentEventStream stream;

  AgentEventStreamTest() throws IOException {}

  @AfterEach
  void stop() {
    released.countDown();
    if (stream != null) {
      stream.close();
    }
    wire.close();
  }

  final AgentEventListener listener =
      new AgentEventListener() {
        @Override
        public void onEvent(AgentEvent event) {
          seqs.add(event.seq());
        }

        @Override
        public void onCursorExpired(long firstRetainedSeq) {
          other.add("expired after " + firstRetainedSeq);
        }

        @Override
        public void onStopped(KxmException reason) {
          other.add(reason.code());
        }
      };

  static String event(long seq) {
    return "id: "
        + seq
        + "\ndata: {\"seq\":"
        + seq
        + ",\"type\":\"message.queued\",\"ts\":\"2026-03-01T10:00:00Z\",\"agentId\":\"agt_a\",\"data\":{}}\n\n";
  }

  /** Starts an event stream answer and writes {@code frames}; holds it open if asked. */
  void stream(HttpExchange exchange, String frames, boolean holdOpen) throws IOException {
    exchange.getResponseHeaders().add("Content-Type", "text/event-stream");
    exchange.sendResponseHeaders(200, 0);
    OutputStream out = exchange.getResponseBody();
    out.write(frames.getBytes(StandardCharsets.UTF_8));
    out.flush();
    if (holdOpen) {
      try {
        released.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    out.close();
  }

  @Test
  void after_a_disconnect_it_resumes_from_the_last_event_and_sees_each_event_once() {
    wire.on(
        "GET",
        "/v1/agents/agt_a/events",
        exchange -> {
          switch (connections.incrementAndGet()) {
            case 1 -> stream(exchange, ": heartbeat\n\n" + event(1) + event(2), false);
            // A replay that overlaps what was seen must not reach the listener twice.
            default -> stream(exchange, event(2) + event(3), true);
          }
        });

    stream = AgentEventStream.follow(http, peers, 0, listener, FAST);

    await().atMost(Duration.ofSeconds(10)).until(() -> seqs.size() >= 3);
    assertThat(seqs).containsExactly(1L, 2L, 3L);
    assertThat(wire.seen.get(0).header("last-event-id")).isNull();
    assertThat(wire.seen.get(1).header("last-event-id")).isEqualTo("2");
    assertThat(wire.seen.get(1).header("x-kxm-agent-key")).isEqualTo("key");
    assertThat(wire.seen.get(1).header("accept")).isEqualTo("text/event-stream");
  }

  @Test
  void a_rotated_agent_key_ends_the_stream_for_good() {
    wire.json(
        "GET",
        "/v1/agents/agt_a/events",
        401,
        "{\"error\":{\"code\":\"agent_key_invalid\",\"message\":\"the agent key is not current\"}}");

    stream = AgentEventStream.follow(http, peers, 5, listener, FAST);

    await().atMost(Duration.ofSeconds(10)).until(() -> !other.isEmpty());
    assertThat(other).containsExactly(ErrorCode.AGENT_KEY_INVALID);
    assertThat(wire.seen).hasSize(1);
    assertThat(wire.seen.getFirst().header("last-event-id")).isEqualTo("5");
  }

  @Test
  void an_expired_cursor_is_reported_and_following_goes_on() {
    wire.on(
        "GET",
        "/v1/agents/agt_a/events",
        exchange ->
            stream(
                exchange,
                "event: cursor_expired\ndata: {\"type\":\"cursor_expired\",\"firstRetainedSeq\":10}\n\n"
                    + event(10),
                true));

    stream = AgentEventStream.follow(http, peers, 3, listener, FAST);

    await().atMost(Duration.ofSeconds(10)).until(() -> seqs.contains(10L));
    assertThat(other).containsExactly("expired after 10");
  }

  @Test
  void a_stream_silent_past_the_idle_limit_is_reopened_from_where_it_stood() {
    wire.on(
        "GET",
        "/v1/agents/agt_a/events",
        exchange ->
            stream(exchange, connections.incrementAndGet() == 1 ? event(1) : event(2), true));
    StreamTiming impatient =
        new StreamTiming(Duration.ofMillis(10), Duration.ofMillis(50), Duration.ofMillis(600));

    stream = AgentEventStream.follow(http, peers, 0, listener, impatient);

    await().atMost(Duration.ofSeconds(10)).until(() -> seqs.size() >= 2);
    assertThat(seqs).containsExactly(1L, 2L);
    assertThat(wire.seen.get(1).header("last-event-id")).isEqualTo("1");
  }
}

package io.kxm.bench.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.sse.SseFrame;
import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SseStreamTest {
  private static final String CHUNKED_HEAD =
      "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n";

  private static String chunk(String data) {
    return Integer.toHexString(data.getBytes(java.nio.charset.StandardCharsets.UTF_8).length)
        + "\r\n"
        + data;
  }

  @Test
  void an_event_is_read_before_the_crlf_that_ends_its_chunk_arrives() throws Exception {
    try (FakePeer peer = new FakePeer()) {
      // Jetty sends a chunk's closing CR LF only with the next chunk; the event must not wait.
      peer.write(CHUNKED_HEAD).write(chunk("id: 1\ndata: {\"seq\":1}\n\n"));
      try (SseStream s = SseStream.open(peer.base(), "/events", Map.of(), 1024)) {
        s.readTimeout(Duration.ofSeconds(30)); // a hang fails the test instead of stalling it
        assertThat(s.next()).isEqualTo(new SseFrame("1", null, "{\"seq\":1}"));
        peer.write("\r\n" + chunk(": heartbeat\n\nid: 2\nevent: message.queued\ndata: a\n"))
            .write("\r\n" + chunk("data: b\n\n"))
            .write("\r\n0\r\n\r\n");
        assertThat(s.next()).isEqualTo(new SseFrame("2", "message.queued", "a\nb"));
        assertThat(s.next()).isNull();
      }
    }
  }

  @Test
  void skip_counts_events_with_data_and_passes_over_comments() throws Exception {
    try (FakePeer peer = new FakePeer()) {
      peer.write(
              CHUNKED_HEAD
                  + chunk(": ok\n\nid: 1\ndata: x\n\n:\n\n")
                  + "\r\n"
                  + chunk("id: 2\r\ndata: y\r\n\r\nid: 3\nda")
                  + "\r\n"
                  + chunk("ta: z\n\n")
                  + "\r\n0\r\n\r\n")
          .hangUp();
      try (SseStream s = SseStream.open(peer.base(), "/events", Map.of(), 8)) {
        int events = 0;
        while (s.skip()) {
          events++;
        }
        assertThat(events).isEqualTo(3);
      }
    }
  }

  @Test
  void a_stream_without_chunking_is_read_until_the_peer_closes() throws Exception {
    try (FakePeer peer = new FakePeer()) {
      peer.write("HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\n\r\ndata: only\n\n")
          .hangUp();
      try (SseStream s = SseStream.open(peer.base(), "/events", Map.of(), 64)) {
        assertThat(s.next()).isEqualTo(new SseFrame(null, null, "only"));
        assertThat(s.next()).isNull();
      }
    }
  }

  @Test
  void a_refusal_names_the_status_and_the_start_of_the_body() throws Exception {
    try (FakePeer peer = new FakePeer()) {
      peer.write(
              "HTTP/1.1 401 Unauthorized\r\nContent-Length: 26\r\n\r\n{\"error\":{\"code\":\"nope\"}}")
          .hangUp();
      assertThatThrownBy(() -> SseStream.open(peer.base(), "/events", Map.of(), 64))
          .isInstanceOf(IOException.class)
          .hasMessageContaining("401")
          .hasMessageContaining("nope");
    }
  }

  @Test
  void the_request_asks_for_an_event_stream_with_the_given_headers() throws Exception {
    try (FakePeer peer = new FakePeer()) {
      peer.write("HTTP/1.1 200 OK\r\n\r\n").hangUp();
      try (SseStream s =
          SseStream.open(peer.base(), "/v1/agents/a/events", Map.of("Last-Event-ID", "7"), 64)) {
        String head = peer.nextRequest();
        assertThat(head)
            .startsWith("GET /v1/agents/a/events HTTP/1.1\r\n")
            .contains("Accept: text/event-stream\r\n")
            .contains("Last-Event-ID: 7\r\n");
      }
    }
  }
}

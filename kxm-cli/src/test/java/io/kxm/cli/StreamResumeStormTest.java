package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A client drops its event stream at random points more than a thousand times while 20,000 requests
 * arrive for it from a hub in its own process; resuming with {@code Last-Event-ID} each time, it
 * sees every event exactly once and in order.
 */
class StreamResumeStormTest {
  private static final String PROJECT = "storm";
  private static final String TOKEN = "kxm_project_storm_test_token_0123456789";
  private static final int MESSAGES = Integer.getInteger("kxm.storm.messages", 20_000);
  private static final int SENDERS = 4;

  @TempDir Path dir;

  @Test
  void a_thousand_random_disconnects_lose_and_repeat_nothing() throws Exception {
    Map<String, String> env =
        Map.of(
            "KXM_STATE_HOME",
            dir.resolve("state").toString(),
            "KXM_PROJECT_TOKENS",
            PROJECT + "=" + TOKEN,
            // Four agents send 20,000 requests as fast as they can: far past the courtesy limit.
            "KXM_SEND_RATE_PER_MINUTE",
            "0",
            "HOME",
            dir.toString());
    try (ChildHub child = ChildHub.start(dir, env)) {
      PlainHubClient http = new PlainHubClient(child.url, TOKEN);
      AgentKey sink = http.register(PROJECT, "sink");
      AtomicInteger sent = new AtomicInteger();
      AtomicInteger failures = new AtomicInteger();
      java.util.concurrent.atomic.AtomicReference<String> firstFailure =
          new java.util.concurrent.atomic.AtomicReference<>();
      List<Thread> senders = new ArrayList<>();
      for (int s = 0; s < SENDERS; s++) {
        AgentKey sender = http.register(PROJECT, "sender-" + s);
        senders.add(
            Thread.ofVirtual()
                .start(() -> {
                  while (sent.getAndIncrement() < MESSAGES) {
                    try {
                      PlainHubClient.Reply reply =
                          http.post(
                              "/v1/agents/" + sender.id() + "/messages",
                              sender,
                              "{\"target\":\"sink\",\"content\":\"m\",\"allowOffline\":true}");
                      assertThat(reply.status()).isEqualTo(201);
                    } catch (Exception e) {
                      throw new IllegalStateException(e);
                    }
                  }
                }));
      }

      Random random = new Random(11);
      List<Long> seqs = new ArrayList<>();
      List<String> ids = new ArrayList<>();
      int connections = 0;
      while (ids.size() < MESSAGES) {
        if (senders.stream().noneMatch(Thread::isAlive) && failures.get() > 0) {
          throw new AssertionError(failures.get() + " sends failed; first: " + firstFailure.get());
        }
        long after = seqs.isEmpty() ? 0 : seqs.getLast();
        int take = 1 + random.nextInt(36);
        connections++;
        try (InputStream body = http.stream("/v1/agents/" + sink.id() + "/events", sink, after)) {
          SseReader frames = new SseReader(body, 1 << 20, 1 << 20);
          SseFrame frame;
          // Stop at the last request: past it the stream only carries heartbeats.
          while (take > 0 && ids.size() < MESSAGES && (frame = frames.next()) != null) {
            if (frame.id() == null) {
              continue;
            }
            JsonNode envelope = Json.read(frame.data());
            seqs.add(Long.parseLong(frame.id()));
            if ("message.queued".equals(envelope.path("type").asString())) {
              ids.add(envelope.path("data").path("message").path("id").asString());
            }
            take--;
          }
        } // closing mid-stream is the disconnect
      }
      for (Thread t : senders) {
        t.join();
      }

      assertThat(connections).isGreaterThanOrEqualTo(1_000);
      Set<String> distinct = new HashSet<>(ids);
      assertThat(distinct).hasSize(MESSAGES);
      assertThat(ids).hasSize(MESSAGES);
      for (int i = 1; i < seqs.size(); i++) {
        assertThat(seqs.get(i))
            .as("event after seq %d", seqs.get(i - 1))
            .isEqualTo(seqs.get(i - 1) + 1);
      }
    }
  }
}

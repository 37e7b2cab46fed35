package io.kxm.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import io.kxm.testkit.http.PlainHubClient;
import io.kxm.testkit.http.PlainHubClient.AgentKey;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The hub is killed with SIGKILL while eight agents send; after a restart every send that was
 * answered with success is stored once, and a subscriber that resumes from its last sequence number
 * sees each message exactly once.
 */
class HubCrashTest {
  private static final String PROJECT = "crash";
  private static final String TOKEN = "kxm_project_crash_test_token_0123456789";
  private static final int SENDERS = 8;

  @TempDir Path dir;

  /** What the subscriber saw: sequence numbers and the message ID each carried. */
  private final List<long[]> seqs = new CopyOnWriteArrayList<>();

  private final List<String> seenIds = new CopyOnWriteArrayList<>();

  @Test
  void a_killed_hub_loses_no_acknowledged_send_and_a_resumed_subscriber_sees_each_once()
      throws Exception {
    Map<String, String> env =
        Map.of(
            "KXM_STATE_HOME", dir.resolve("state").toString(),
            "KXM_PROJECT_TOKENS", PROJECT + "=" + TOKEN,
            "HOME", dir.toString());
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    AgentKey sink;
    List<AgentKey> senders = new ArrayList<>();

    try (ChildHub first = ChildHub.start(dir, env)) {
      PlainHubClient http = new PlainHubClient(first.url, TOKEN);
      sink = http.register(PROJECT, "sink");
      for (int i = 0; i < SENDERS; i++) {
        senders.add(http.register(PROJECT, "sender-" + i));
      }
      Thread subscriber = Thread.ofVirtual().start(() -> follow(http, sink, 0));
      AtomicBoolean sending = new AtomicBoolean(true);
      List<Thread> load = new ArrayList<>();
      for (AgentKey sender : senders) {
        load.add(
            Thread.ofVirtual().start(() -> sendUntilStopped(http, sender, sending, acknowledged)));
      }

      await().atMost(Duration.ofSeconds(120)).until(() -> acknowledged.size() >= 400);
      first.kill();
      sending.set(false);
      for (Thread t : load) {
        t.join();
      }
      subscriber.join();
    }

    try (ChildHub second = ChildHub.start(dir, env)) {
      PlainHubClient http = new PlainHubClient(second.url, TOKEN);
      long resumeAfter = seqs.isEmpty() ? 0 : seqs.get(seqs.size() - 1)[0];
      Thread subscriber = Thread.ofVirtual().start(() -> follow(http, sink, resumeAfter));

      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> new HashSet<>(seenIds).containsAll(acknowledged));

      for (String id : acknowledged) {
        assertThat(http.get("/v1/agents/" + sink.id() + "/messages/" + id, sink).status())
            .as("acknowledged message %s after restart", id)
            .isEqualTo(200);
      }
      JsonNode inbox = http.get("/v1/agents/" + sink.id() + "/inbox", sink).body().get("messages");
      List<String> stored = new ArrayList<>();
      inbox.forEach(m -> stored.add(m.get("id").asString()));
      assertThat(stored).doesNotHaveDuplicates().containsAll(acknowledged);
      assertThat(stored.size()).isLessThanOrEqualTo(acknowledged.size() + SENDERS);

      assertThat(seenIds).doesNotHaveDuplicates();
      for (int i = 1; i < seqs.size(); i++) {
        assertThat(seqs.get(i)[0])
            .as("seq after %s", seqs.get(i - 1)[0])
            .isEqualTo(seqs.get(i - 1)[0] + 1);
      }
      subscriber.interrupt();
    }
  }

  private void sendUntilStopped(
      PlainHubClient http, AgentKey sender, AtomicBoolean sending, Set<String> acknowledged) {
    int n = 0;
    while (sending.get()) {
      try {
        PlainHubClient.Reply reply =
            http.post(
                "/v1/agents/" + sender.id() + "/messages",
                sender,
                "{\"target\":\"sink\",\"content\":\"m-" + sender.id() + "-" + n++ + "\"}");
        if (reply.status() == 201) {
          acknowledged.add(reply.text("messageId"));
        }
      } catch (IOException e) {
        return; // the hub is gone; this send was never acknowledged
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private void follow(PlainHubClient http, AgentKey sink, long after) {
    try (InputStream body = http.stream("/v1/agents/" + sink.id() + "/events", sink, after)) {
      SseReader frames = new SseReader(body, 1 << 20, 1 << 20);
      for (SseFrame f = frames.next(); f != null; f = frames.next()) {
        if (f.id() == null) {
          continue;
        }
        JsonNode envelope = Json.read(f.data());
        long seq = Long.parseLong(f.id());
        assertThat(envelope.get("seq").asLong()).isEqualTo(seq);
        if ("message.queued".equals(envelope.get("type").asString())) {
          seenIds.add(envelope.get("data").get("message").get("id").asString());
        }
        seqs.add(new long[] {seq});
      }
    } catch (IOException | InterruptedException e) {
      // the hub was killed or the test ended: the stream is over
    }
  }
}

package io.kxm.cli.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.TestEnv;
import io.kxm.client.HubHttp;
import io.kxm.client.StreamTiming;
import io.kxm.client.ops.OpsClient;
import io.kxm.client.ops.OpsFollower;
import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubConfig;
import io.kxm.hub.HubServer;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * {@link OpsClient} against the whole hub: a follower keeps every entry, once and in order, across
 * a hub restart on the same store while requests go on being sent.
 */
class OpsClientTest {
  private static final StreamTiming QUICK =
      new StreamTiming(Duration.ofMillis(50), Duration.ofMillis(300), Duration.ofSeconds(10));

  @TempDir Path dir;

  @Test
  void a_follower_loses_nothing_and_repeats_nothing_across_a_hub_restart() {
    HubServer hub = start(0);
    int port = hub.port();
    try (HubHttp admin = new HubHttp(URI.create(hub.baseUrl()), TestEnv.ADMIN);
        HubHttp alpha = new HubHttp(URI.create(hub.baseUrl()), TestEnv.ALPHA)) {
      OpsClient ops = new OpsClient(admin);
      JsonNode snapshot = ops.snapshot(null);
      List<JsonNode> seen = new CopyOnWriteArrayList<>();
      try (OpsFollower follower =
          ops.follow(null, snapshot.path("seq").asLong(), seen::add, QUICK)) {
        String aliceKey = register(alpha, "alice");
        register(alpha, "bob");
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
          sent.add(send(alpha, aliceKey, "request " + i));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> sentIn(seen).size() >= 10);

        hub.stop();
        hub = start(port);
        for (int i = 10; i < 20; i++) {
          sent.add(send(alpha, aliceKey, "request " + i));
        }

        await().atMost(Duration.ofSeconds(20)).until(() -> sentIn(seen).size() >= 20);
        assertThat(sentIn(seen)).containsExactlyElementsOf(sent);
        List<Long> seqs = seen.stream().map(e -> e.path("seq").asLong()).toList();
        assertThat(seqs).doesNotHaveDuplicates().isSorted();
        assertThat(follower.lastSeq()).isEqualTo(seqs.getLast());
        assertThat(follower.stopped()).isNull();
      }
      assertThat(new OpsClient(alpha).snapshot("alpha").path("agents").size()).isEqualTo(2);
    } finally {
      hub.stop();
    }
  }

  private HubServer start(int port) {
    Map<String, String> env = TestEnv.hub(dir);
    env.put("KXM_PORT", Integer.toString(port));
    return HubAssembly.start(HubConfig.fromEnvironment(env, dir.resolve("project")), env);
  }

  private static List<String> sentIn(List<JsonNode> seen) {
    return seen.stream()
        .filter(e -> e.path("kind").asString().equals("message.sent"))
        .map(e -> e.path("messageId").asString())
        .toList();
  }

  private static String register(HubHttp http, String name) {
    JsonNode body = http.post("/v1/projects/alpha/agents", Map.of(), Map.of("name", name));
    return body.path("agentId").asString() + " " + body.path("agentKey").asString();
  }

  private static String send(HubHttp http, String agent, String content) {
    String[] idAndKey = agent.split(" ");
    JsonNode body =
        http.post(
            "/v1/agents/" + idAndKey[0] + "/messages",
            Map.of("X-KXM-Agent-Key", idAndKey[1]),
            Json.MAPPER.createObjectNode().put("target", "bob").put("content", content));
    return body.path("messageId").asString();
  }
}

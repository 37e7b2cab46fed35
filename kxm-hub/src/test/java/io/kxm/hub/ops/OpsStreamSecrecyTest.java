package io.kxm.hub.ops;

import static io.kxm.hub.ops.OpsFrames.kindOf;
import static io.kxm.hub.ops.OpsFrames.until;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.OpsHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The operations stream and snapshot carry metadata only: while agents trade requests and replies
 * full of secret-looking text, nothing of those bodies, nor any agent key or token, appears in
 * what an admin or project reader gets, and the ids and sizes do.
 */
class OpsStreamSecrecyTest {
  @TempDir Path dir;

  @Test
  void no_body_key_or_token_reaches_the_stream_or_the_snapshot_while_the_metadata_does() {
    String marker = "MARKER-" + UUID.randomUUID();
    String anthropic = "sk-ant-api03-" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0";
    String github = "ghp_" + "0123456789abcdefABCDEF0123456789abcd";
    String pem =
        "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----";
    List<String> secrets =
        List.of(marker, anthropic, github, "BEGIN PRIVATE KEY", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC");
    try (OpsHub hub = OpsHub.start(dir);
        SseStream admin = hub.events(TestHubs.ADMIN, "");
        SseStream alpha = hub.events(TestHubs.ALPHA, "")) {
      AgentClient alice = hub.agent("alice");
      AgentClient bob = hub.agent("bob");
      List<String> ids = new ArrayList<>();
      List<Integer> sizes = new ArrayList<>();
      String last = null;
      for (int i = 0; i < 5; i++) {
        String request = marker + " please use " + anthropic + " and " + pem + " #" + i;
        last = alice.sendOk("bob", request);
        ids.add(last);
        sizes.add(request.getBytes(StandardCharsets.UTF_8).length);
        bob.reply(last, "done with " + github + " " + marker + " #" + i);
      }
      String lastId = last;

      List<JsonNode> adminSeen = until(admin, kindOf("message.replied", "messageId", lastId));
      List<JsonNode> alphaSeen = until(alpha, kindOf("message.replied", "messageId", lastId));
      String snapshotAll = hub.snapshot(TestHubs.ADMIN, "").body();
      String snapshotAlpha = hub.snapshot(TestHubs.ALPHA, "").body();

      String everything =
          String.join("\n", admin.lines())
              + String.join("\n", alpha.lines())
              + snapshotAll
              + snapshotAlpha;
      for (String secret : secrets) {
        assertThat(everything).doesNotContain(secret);
      }
      for (String credential :
          List.of(alice.key, bob.key, TestHubs.ADMIN, TestHubs.ALPHA, TestHubs.BETA)) {
        assertThat(everything).doesNotContain(credential);
      }
      assertThat(everything).contains(ids);
      assertThat(adminSeen)
          .filteredOn(e -> e.path("kind").asString().equals("message.sent"))
          .extracting(e -> (int) e.path("bytes").asLong())
          .containsExactlyElementsOf(sizes);
      assertThat(alphaSeen).extracting(e -> e.path("messageId").asString()).contains(lastId);
      assertThat(snapshotAll).contains("\"bytes\":" + sizes.getFirst());
    }
  }
}

package io.kxm.hub.mcp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.core.trace.Tracing;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.McpAgents;
import io.kxm.hub.support.OpsHub;
import io.kxm.hub.support.SseStream;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.otlp.OtlpCollector;
import io.kxm.testkit.otlp.OtlpCollector.ReceivedSpan;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.spec.McpSchema;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * With {@code KXM_OTLP_ENDPOINT} set, one {@code kxm_send} over MCP leaves one trace in a real
 * OTLP/HTTP collector: the tool call, the store write under it, and the delivery of the request to
 * the recipient's open stream under that.
 */
class McpSendTraceTest {
  @TempDir Path dir;
  private OtlpCollector collector;
  private OpsHub hub;

  @BeforeEach
  void start() throws IOException {
    collector = OtlpCollector.start();
    hub =
        OpsHub.start(
            dir,
            Map.of(Tracing.ENDPOINT, collector.endpoint(), Tracing.BATCH_DELAY, "20"),
            Clock.systemUTC());
  }

  @AfterEach
  void stop() {
    hub.close();
    collector.close();
  }

  @Test
  void one_kxm_send_is_one_trace_from_the_tool_call_to_the_recipients_stream() {
    AgentClient bob = hub.agent("bob");
    AgentClient carol = hub.agent("carol");
    try (SseStream stream = bob.events();
        McpSyncClient alice = McpAgents.connect(hub.baseUrl(), TestHubs.ALPHA, "alice")) {
      // a first request over HTTP, seen on the stream, shows bob's stream is live
      String warmUp = carol.sendOk("bob", "are you there?");
      assertThat(stream.next(Duration.ofSeconds(20)).json().path("data").toString())
          .contains(warmUp);

      McpSchema.CallToolResult sent =
          alice.callTool(
              McpSchema.CallToolRequest.builder("kxm_send")
                  .arguments(Map.of("target", "bob", "content", "review #42"))
                  .build());
      assertThat(sent.isError()).isFalse();
      String messageId =
          Json.read(((McpSchema.TextContent) sent.content().getFirst()).text())
              .path("messageId")
              .asString();
      SseStream.Frame delivered = stream.next(Duration.ofSeconds(20));
      assertThat(delivered.data()).contains(messageId);

      await()
          .atMost(Duration.ofSeconds(20))
          .until(() -> find("stream deliver", String.valueOf(delivered.seq())).isPresent());
      ReceivedSpan call = only("tools/call kxm_send");
      ReceivedSpan write =
          collector.spans().stream()
              .filter(s -> s.name().equals("store write") && s.isChildOf(call))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no store write under " + call));
      ReceivedSpan delivery = find("stream deliver", String.valueOf(delivered.seq())).orElseThrow();

      assertThat(call.kind()).isEqualTo("SPAN_KIND_SERVER");
      assertThat(call.service()).isEqualTo("kxm-hub");
      assertThat(call.attributes()).containsEntry("gen_ai.tool.name", "kxm_send");
      assertThat(delivery.isChildOf(write)).as("delivery under the write").isTrue();
      assertThat(delivery.attributes()).containsEntry("kxm.stream", "agent." + bob.id);
      // the request sent over plain HTTP was not traced, so it has no spans at all
      assertThat(collector.spans()).extracting(ReceivedSpan::traceId).containsOnly(call.traceId());
      // spans carry names and ids, never the content of a request
      assertThat(collector.spans().toString()).doesNotContain("review #42");
    }
  }

  private ReceivedSpan only(String name) {
    List<ReceivedSpan> named =
        collector.spans().stream().filter(s -> s.name().equals(name)).toList();
    assertThat(named).as(name).hasSize(1);
    return named.getFirst();
  }

  private Optional<ReceivedSpan> find(String name, String seq) {
    return collector.spans().stream()
        .filter(s -> s.name().equals(name) && seq.equals(s.attributes().get("kxm.seq")))
        .findFirst();
  }
}

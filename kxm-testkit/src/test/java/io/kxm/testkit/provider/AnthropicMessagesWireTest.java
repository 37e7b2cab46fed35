package io.kxm.testkit.provider;

import static io.kxm.testkit.provider.ProviderCalls.data;
import static io.kxm.testkit.provider.ProviderCalls.events;
import static io.kxm.testkit.provider.ProviderCalls.frames;
import static io.kxm.testkit.provider.ProviderCalls.post;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class AnthropicMessagesWireTest {
  private static final String STREAMED =
      """
      {"model":"claude-sonnet-4-5","max_tokens":256,"stream":true,
       "messages":[{"role":"user","content":"Say hello"}]}\
      """;

  private FakeProvider provider;
  private URI messages;

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
    messages = URI.create(provider.baseUrl() + "/v1/messages?beta=true");
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void streamed_text_turn_sends_the_message_events_in_wire_order() throws Exception {
    provider.enqueue(Turn.text("Hello from the fake").inPieces(3).withUsage(30, 5));

    HttpResponse<InputStream> response =
        post(messages, STREAMED, "x-api-key", "sk-any", "anthropic-version", "2023-06-01");
    List<SseFrame> frames = frames(response);

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type"))
        .hasValue("text/event-stream; charset=utf-8");
    assertThat(response.headers().firstValue("x-request-id"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("req_"));
    assertThat(events(frames))
        .containsExactly(
            "message_start",
            "content_block_start",
            "ping",
            "content_block_delta",
            "content_block_delta",
            "content_block_delta",
            "content_block_stop",
            "message_delta",
            "message_stop");
    List<JsonNode> data = data(frames);
    for (int i = 0; i < frames.size(); i++) {
      assertThat(data.get(i).path("type").asString()).isEqualTo(frames.get(i).event());
    }
    JsonNode message = data.getFirst().path("message");
    assertThat(message.path("id").asString()).startsWith("msg_");
    assertThat(message.path("role").asString()).isEqualTo("assistant");
    assertThat(message.path("model").asString()).isEqualTo("claude-sonnet-4-5");
    assertThat(message.path("content").isEmpty()).isTrue();
    assertThat(message.path("usage").path("input_tokens").asInt()).isEqualTo(30);
    assertThat(data.get(1).path("content_block").toString())
        .isEqualTo("{\"type\":\"text\",\"text\":\"\"}");
    String text =
        data.stream()
            .filter(d -> d.path("type").asString().equals("content_block_delta"))
            .peek(d -> assertThat(d.path("delta").path("type").asString()).isEqualTo("text_delta"))
            .map(d -> d.path("delta").path("text").asString())
            .collect(Collectors.joining());
    assertThat(text).isEqualTo("Hello from the fake");
    JsonNode delta = data.get(7);
    assertThat(delta.path("delta").path("stop_reason").asString()).isEqualTo("end_turn");
    assertThat(delta.path("usage").path("output_tokens").asInt()).isEqualTo(5);
  }

  @Test
  void streamed_tool_call_follows_the_text_block_with_input_json_deltas() throws Exception {
    provider.enqueue(
        Turn.text("Let me read it.").andToolCall("read_file", "{\"path\":\"notes.txt\"}"));

    List<JsonNode> data = data(frames(post(messages, STREAMED)));

    List<JsonNode> starts =
        data.stream().filter(d -> d.path("type").asString().equals("content_block_start")).toList();
    assertThat(starts).extracting(d -> d.path("index").asInt()).containsExactly(0, 1);
    JsonNode toolUse = starts.get(1).path("content_block");
    assertThat(toolUse.path("type").asString()).isEqualTo("tool_use");
    assertThat(toolUse.path("id").asString()).startsWith("toolu_");
    assertThat(toolUse.path("name").asString()).isEqualTo("read_file");
    assertThat(toolUse.path("input").isObject() && toolUse.path("input").isEmpty()).isTrue();
    String partialJson =
        data.stream()
            .filter(d -> d.path("index").asInt(-1) == 1)
            .filter(d -> d.path("type").asString().equals("content_block_delta"))
            .peek(d ->
                assertThat(d.path("delta").path("type").asString()).isEqualTo("input_json_delta"))
            .map(d -> d.path("delta").path("partial_json").asString())
            .collect(Collectors.joining());
    assertThat(Json.read(partialJson)).isEqualTo(Json.read("{\"path\":\"notes.txt\"}"));
    JsonNode messageDelta = data.get(data.size() - 2);
    assertThat(messageDelta.path("delta").path("stop_reason").asString()).isEqualTo("tool_use");
    assertThat(data.getLast().path("type").asString()).isEqualTo("message_stop");
  }

  @Test
  void unstreamed_request_gets_the_whole_message() throws Exception {
    provider.enqueue(
        Turn.text("Checking.").andToolCall("grep", "{\"q\":\"todo\"}").withUsage(9, 4));

    HttpResponse<InputStream> response =
        post(messages, "{\"model\":\"claude-haiku\",\"max_tokens\":64,\"messages\":[]}");
    JsonNode message = ProviderCalls.body(response);

    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    assertThat(message.path("type").asString()).isEqualTo("message");
    assertThat(message.path("model").asString()).isEqualTo("claude-haiku");
    assertThat(message.path("content").get(0).path("text").asString()).isEqualTo("Checking.");
    JsonNode toolUse = message.path("content").get(1);
    assertThat(toolUse.path("id").asString()).startsWith("toolu_");
    assertThat(toolUse.path("input")).isEqualTo(Json.read("{\"q\":\"todo\"}"));
    assertThat(message.path("stop_reason").asString()).isEqualTo("tool_use");
    assertThat(message.path("usage").path("output_tokens").asInt()).isEqualTo(4);
  }
}

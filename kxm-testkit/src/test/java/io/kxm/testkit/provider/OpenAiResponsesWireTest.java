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

class OpenAiResponsesWireTest {
  private static final String STREAMED =
      """
      {"model":"gpt-5-codex","stream":true,"input":[
        {"type":"message","role":"user","content":[{"type":"input_text","text":"hi"}]}]}\
      """;

  private FakeProvider provider;
  private URI responses;

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
    responses = URI.create(provider.openAiBaseUrl() + "/responses");
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void streamed_text_turn_sends_item_part_and_text_events_in_order() throws Exception {
    provider.enqueue(Turn.text("Hi there, friend").inPieces(2).withUsage(21, 3));

    HttpResponse<InputStream> response =
        post(responses, STREAMED, "authorization", "Bearer sk-any");
    List<SseFrame> frames = frames(response);

    assertThat(response.headers().firstValue("content-type"))
        .hasValue("text/event-stream; charset=utf-8");
    assertThat(response.headers().firstValue("x-request-id")).isPresent();
    assertThat(events(frames))
        .containsExactly(
            "response.created",
            "response.in_progress",
            "response.output_item.added",
            "response.content_part.added",
            "response.output_text.delta",
            "response.output_text.delta",
            "response.output_text.done",
            "response.content_part.done",
            "response.output_item.done",
            "response.completed");
    List<JsonNode> data = data(frames);
    for (int i = 0; i < data.size(); i++) {
      assertThat(data.get(i).path("type").asString()).isEqualTo(frames.get(i).event());
      assertThat(data.get(i).path("sequence_number").asInt()).isEqualTo(i);
    }
    JsonNode created = data.getFirst().path("response");
    assertThat(created.path("id").asString()).startsWith("resp_");
    assertThat(created.path("object").asString()).isEqualTo("response");
    assertThat(created.path("status").asString()).isEqualTo("in_progress");
    JsonNode added = data.get(2).path("item");
    assertThat(added.path("type").asString()).isEqualTo("message");
    assertThat(added.path("id").asString()).startsWith("msg_");
    String itemId = added.path("id").asString();
    assertThat(data.subList(3, 8))
        .allSatisfy(d -> assertThat(d.path("item_id").asString()).isEqualTo(itemId));
    String deltas =
        data.stream()
            .filter(d -> d.path("type").asString().equals("response.output_text.delta"))
            .map(d -> d.path("delta").asString())
            .collect(Collectors.joining());
    assertThat(deltas).isEqualTo("Hi there, friend");
    assertThat(data.get(6).path("text").asString()).isEqualTo("Hi there, friend");
    assertThat(data.get(8).path("item").path("content").get(0).path("type").asString())
        .isEqualTo("output_text");
    JsonNode completed = data.getLast().path("response");
    assertThat(completed.path("id").asString()).isEqualTo(created.path("id").asString());
    assertThat(completed.path("status").asString()).isEqualTo("completed");
    assertThat(completed.path("output").size()).isEqualTo(1);
    assertThat(completed.path("usage").path("input_tokens").asInt()).isEqualTo(21);
    assertThat(completed.path("usage").path("output_tokens").asInt()).isEqualTo(3);
    assertThat(completed.path("usage").path("total_tokens").asInt()).isEqualTo(24);
  }

  @Test
  void streamed_function_call_sends_argument_deltas_and_a_completed_item() throws Exception {
    provider.enqueue(Turn.toolCall("shell", "{\"command\":[\"ls\",\"-la\"]}"));

    List<SseFrame> frames = frames(post(responses, STREAMED));
    List<JsonNode> data = data(frames);

    assertThat(events(frames))
        .containsExactly(
            "response.created",
            "response.in_progress",
            "response.output_item.added",
            "response.function_call_arguments.delta",
            "response.function_call_arguments.delta",
            "response.function_call_arguments.delta",
            "response.function_call_arguments.done",
            "response.output_item.done",
            "response.completed");
    JsonNode added = data.get(2).path("item");
    assertThat(added.path("type").asString()).isEqualTo("function_call");
    assertThat(added.path("id").asString()).startsWith("fc_");
    assertThat(added.path("call_id").asString()).startsWith("call_");
    assertThat(added.path("name").asString()).isEqualTo("shell");
    assertThat(added.path("arguments").asString()).isEmpty();
    String arguments =
        data.subList(3, 6).stream()
            .peek(d ->
                assertThat(d.path("item_id").asString()).isEqualTo(added.path("id").asString()))
            .map(d -> d.path("delta").asString())
            .collect(Collectors.joining());
    assertThat(Json.read(arguments)).isEqualTo(Json.read("{\"command\":[\"ls\",\"-la\"]}"));
    assertThat(data.get(6).path("arguments").asString()).isEqualTo(arguments);
    JsonNode done = data.get(7).path("item");
    assertThat(done.path("status").asString()).isEqualTo("completed");
    assertThat(done.path("call_id").asString()).isEqualTo(added.path("call_id").asString());
    assertThat(data.getLast().path("response").path("output").get(0)).isEqualTo(done);
  }

  @Test
  void unstreamed_request_gets_the_completed_response() throws Exception {
    provider.enqueue(Turn.text("Done.").andToolCall("apply_patch", "{\"patch\":\"x\"}"));

    JsonNode response =
        ProviderCalls.body(post(responses, "{\"model\":\"gpt-5\",\"input\":\"do it\"}"));

    assertThat(response.path("status").asString()).isEqualTo("completed");
    assertThat(response.path("model").asString()).isEqualTo("gpt-5");
    JsonNode output = response.path("output");
    assertThat(output.get(0).path("content").get(0).path("text").asString()).isEqualTo("Done.");
    assertThat(output.get(1).path("type").asString()).isEqualTo("function_call");
    assertThat(output.get(1).path("arguments").asString()).isEqualTo("{\"patch\":\"x\"}");
  }
}

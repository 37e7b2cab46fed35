package io.kxm.testkit.provider;

import static io.kxm.testkit.provider.ProviderCalls.frames;
import static io.kxm.testkit.provider.ProviderCalls.post;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import java.net.URI;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class ChatCompletionsWireTest {
  private FakeProvider provider;
  private URI completions;

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
    completions = URI.create(provider.openAiBaseUrl() + "/chat/completions");
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void streamed_text_turn_sends_unnamed_chunks_and_ends_with_done() throws Exception {
    provider.enqueue(Turn.text("abcdef").inPieces(3));

    List<SseFrame> frames =
        frames(
            post(
                completions,
                "{\"model\":\"gpt-4o\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"x\"}]}"));

    assertThat(frames).allSatisfy(f -> assertThat(f.event()).isNull());
    assertThat(frames.getLast().data()).isEqualTo("[DONE]");
    List<JsonNode> chunks =
        frames.subList(0, frames.size() - 1).stream().map(f -> Json.read(f.data())).toList();
    assertThat(chunks).hasSize(5);
    String id = chunks.getFirst().path("id").asString();
    assertThat(id).startsWith("chatcmpl-");
    assertThat(chunks)
        .allSatisfy(c -> {
          assertThat(c.path("id").asString()).isEqualTo(id);
          assertThat(c.path("object").asString()).isEqualTo("chat.completion.chunk");
          assertThat(c.path("model").asString()).isEqualTo("gpt-4o");
          assertThat(c.has("usage")).isFalse();
        });
    assertThat(choice(chunks.getFirst()).path("delta").path("role").asString())
        .isEqualTo("assistant");
    String text =
        chunks.stream()
            .map(c -> choice(c).path("delta").path("content").asString(""))
            .collect(Collectors.joining());
    assertThat(text).isEqualTo("abcdef");
    assertThat(chunks.subList(0, 4))
        .allSatisfy(c -> assertThat(choice(c).path("finish_reason").isNull()).isTrue());
    assertThat(choice(chunks.getLast()).path("finish_reason").asString()).isEqualTo("stop");
  }

  @Test
  void streamed_tool_calls_send_id_and_name_first_then_argument_pieces_and_usage()
      throws Exception {
    provider.enqueue(
        Turn.toolCall("read", "{\"path\":\"a\"}")
            .andToolCall("list", "{\"dir\":\".\"}")
            .inPieces(2)
            .withUsage(40, 7));

    List<SseFrame> frames =
        frames(
            post(
                completions,
                """
                {"model":"gpt-4o","stream":true,"stream_options":{"include_usage":true},
                 "messages":[{"role":"user","content":"x"}]}\
                """));

    assertThat(frames.getLast().data()).isEqualTo("[DONE]");
    List<JsonNode> chunks =
        frames.subList(0, frames.size() - 1).stream().map(f -> Json.read(f.data())).toList();
    List<JsonNode> toolDeltas =
        chunks.stream()
            .filter(c -> !c.path("choices").isEmpty())
            .flatMap(c -> choice(c).path("delta").path("tool_calls").valueStream())
            .toList();
    assertThat(toolDeltas).hasSize(6);
    JsonNode firstOpening = toolDeltas.get(0);
    assertThat(firstOpening.path("index").asInt()).isZero();
    assertThat(firstOpening.path("id").asString()).startsWith("call_");
    assertThat(firstOpening.path("type").asString()).isEqualTo("function");
    assertThat(firstOpening.path("function").path("name").asString()).isEqualTo("read");
    assertThat(toolDeltas.get(1).has("id")).isFalse();
    assertThat(toolDeltas.get(3).path("index").asInt()).isEqualTo(1);
    assertThat(toolDeltas.get(3).path("function").path("name").asString()).isEqualTo("list");
    assertThat(arguments(toolDeltas, 0)).isEqualTo("{\"path\":\"a\"}");
    assertThat(arguments(toolDeltas, 1)).isEqualTo("{\"dir\":\".\"}");
    JsonNode finish = chunks.get(chunks.size() - 2);
    assertThat(choice(finish).path("finish_reason").asString()).isEqualTo("tool_calls");
    assertThat(finish.path("usage").isNull()).isTrue();
    JsonNode usage = chunks.getLast();
    assertThat(usage.path("choices").isArray() && usage.path("choices").isEmpty()).isTrue();
    assertThat(usage.path("usage").path("prompt_tokens").asInt()).isEqualTo(40);
    assertThat(usage.path("usage").path("completion_tokens").asInt()).isEqualTo(7);
    assertThat(usage.path("usage").path("total_tokens").asInt()).isEqualTo(47);
  }

  @Test
  void unstreamed_request_gets_one_chat_completion() throws Exception {
    provider.enqueue(Turn.toolCall("read", "{\"path\":\"a\"}"));

    JsonNode body = ProviderCalls.body(post(completions, "{\"model\":\"gpt-4o\",\"messages\":[]}"));

    assertThat(body.path("object").asString()).isEqualTo("chat.completion");
    JsonNode choice = choice(body);
    assertThat(choice.path("finish_reason").asString()).isEqualTo("tool_calls");
    assertThat(choice.path("message").path("content").isNull()).isTrue();
    JsonNode call = choice.path("message").path("tool_calls").get(0);
    assertThat(call.path("function").path("arguments").asString()).isEqualTo("{\"path\":\"a\"}");
  }

  private static JsonNode choice(JsonNode chunk) {
    return chunk.path("choices").get(0);
  }

  private static String arguments(List<JsonNode> toolDeltas, int index) {
    return toolDeltas.stream()
        .filter(d -> d.path("index").asInt() == index)
        .map(d -> d.path("function").path("arguments").asString())
        .collect(Collectors.joining());
  }
}

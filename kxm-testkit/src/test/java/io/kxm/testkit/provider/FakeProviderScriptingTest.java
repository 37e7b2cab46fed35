package io.kxm.testkit.provider;

import static io.kxm.testkit.provider.ProviderCalls.body;
import static io.kxm.testkit.provider.ProviderCalls.data;
import static io.kxm.testkit.provider.ProviderCalls.frames;
import static io.kxm.testkit.provider.ProviderCalls.post;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.core.sse.SseReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class FakeProviderScriptingTest {
  private FakeProvider provider;

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  @Test
  void anthropic_tool_loop_answers_the_tool_result_with_final_text() throws Exception {
    provider.enqueue(Turn.toolCall("read_file", "{\"path\":\"notes.txt\"}"));
    provider.when(Rule.whenToolResultFor("read_file", Turn.text("The notes say hello.")));
    URI messages = URI.create(provider.baseUrl() + "/v1/messages");

    JsonNode first =
        body(
            post(
                messages,
                """
                {"model":"m","max_tokens":9,"tools":[{"name":"read_file","input_schema":{}},
                 {"name":"mcp__kxm__send","input_schema":{}}],
                 "messages":[{"role":"user","content":"read notes.txt"}]}\
                """));
    JsonNode toolUse = first.path("content").get(0);
    String callId = toolUse.path("id").asString();
    String second =
        """
        {"model":"m","max_tokens":9,"messages":[
          {"role":"user","content":"read notes.txt"},
          {"role":"assistant","content":[%s]},
          {"role":"user","content":[{"type":"tool_result","tool_use_id":"%s",
            "content":[{"type":"text","text":"hello"}]}]}]}\
        """
            .formatted(Json.write(toolUse), callId);
    JsonNode answer = body(post(messages, second));

    assertThat(answer.path("content").get(0).path("text").asString())
        .isEqualTo("The notes say hello.");
    assertThat(answer.path("stop_reason").asString()).isEqualTo("end_turn");
    List<RecordedRequest> requests = provider.requests();
    assertThat(requests.getFirst().offeredToolNames())
        .containsExactly("read_file", "mcp__kxm__send");
    assertThat(requests.getLast().toolResults())
        .containsExactly(new ToolResult(callId, "read_file", "hello"));
    assertThat(provider.pending()).isZero();
  }

  @Test
  void responses_tool_loop_reads_function_call_output_items() throws Exception {
    provider.enqueue(Turn.toolCall("shell", "{\"command\":[\"pwd\"]}"));
    provider.when(Rule.whenToolResultFor("shell", Turn.text("You are in /work.")));
    URI responses = URI.create(provider.openAiBaseUrl() + "/responses");

    JsonNode call =
        body(post(responses, "{\"model\":\"m\",\"input\":\"where am I\"}")).path("output").get(0);
    String second =
        """
        {"model":"m","input":[
          {"type":"message","role":"user","content":[{"type":"input_text","text":"where am I"}]},
          %s,
          {"type":"function_call_output","call_id":"%s","output":"/work"}]}\
        """
            .formatted(Json.write(call), call.path("call_id").asString());
    List<JsonNode> events =
        data(frames(post(responses, second.replace("{\"model\"", "{\"stream\":true,\"model\""))));

    String text =
        events.stream()
            .filter(e -> e.path("type").asString().equals("response.output_text.delta"))
            .map(e -> e.path("delta").asString())
            .collect(Collectors.joining());
    assertThat(text).isEqualTo("You are in /work.");
    assertThat(provider.requests().getLast().toolResults())
        .containsExactly(new ToolResult(call.path("call_id").asString(), "shell", "/work"));
  }

  @Test
  void responses_call_of_a_namespaced_tool_carries_its_namespace() throws Exception {
    provider.enqueue(Turn.toolCall("mcp__kxm__kxm_list", "{}"));
    provider.when(Rule.whenToolResultFor("mcp__kxm__kxm_list", Turn.text("Only you.")));
    URI responses = URI.create(provider.openAiBaseUrl() + "/responses");
    String tools =
        "[{\"type\":\"function\",\"name\":\"shell\"},{\"type\":\"namespace\","
            + "\"name\":\"mcp__kxm\",\"tools\":[{\"type\":\"function\",\"name\":\"kxm_list\"}]}]";

    JsonNode call =
        body(post(responses, "{\"model\":\"m\",\"input\":\"who\",\"tools\":" + tools + "}"))
            .path("output")
            .get(0);
    assertThat(call.path("namespace").asString()).isEqualTo("mcp__kxm");
    assertThat(call.path("name").asString()).isEqualTo("kxm_list");
    String second =
        """
        {"model":"m","tools":%s,"input":[
          {"type":"message","role":"user","content":[{"type":"input_text","text":"who"}]},
          %s,
          {"type":"function_call_output","call_id":"%s","output":"alice"}]}\
        """
            .formatted(tools, Json.write(call), call.path("call_id").asString());
    JsonNode answer = body(post(responses, second));

    assertThat(answer.path("output").get(0).path("content").get(0).path("text").asString())
        .isEqualTo("Only you.");
    assertThat(provider.requests().getFirst().offeredToolNames())
        .containsExactly("shell", "mcp__kxm__kxm_list");
    assertThat(provider.requests().getLast().toolResults())
        .containsExactly(
            new ToolResult(call.path("call_id").asString(), "mcp__kxm__kxm_list", "alice"));
  }

  @Test
  void chat_tool_loop_reads_tool_role_messages() throws Exception {
    provider.when(Rule.whenToolResultFor("lookup", Turn.text("Found it.")));
    URI completions = URI.create(provider.openAiBaseUrl() + "/chat/completions");

    JsonNode answer =
        body(
            post(
                completions,
                """
                {"model":"m","messages":[{"role":"user","content":"find x"},
                 {"role":"assistant","content":null,"tool_calls":[{"id":"call_1","type":"function",
                   "function":{"name":"lookup","arguments":"{}"}}]},
                 {"role":"tool","tool_call_id":"call_1","content":"x is here"}]}\
                """));

    assertThat(answer.path("choices").get(0).path("message").path("content").asString())
        .isEqualTo("Found it.");
    assertThat(provider.requests().getLast().toolResults())
        .containsExactly(new ToolResult("call_1", "lookup", "x is here"));
  }

  @Test
  void rule_on_the_last_message_text_wins_over_the_queue() throws Exception {
    provider.enqueue(Turn.text("queued"));
    provider.when(Rule.whenLastMessageContains("ping", Turn.text("pong")));
    URI messages = URI.create(provider.baseUrl() + "/v1/messages");

    JsonNode ruled =
        body(
            post(
                messages,
                "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"ping?\"}]}"));
    JsonNode queued =
        body(
            post(
                messages,
                "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"));

    assertThat(ruled.path("content").get(0).path("text").asString()).isEqualTo("pong");
    assertThat(queued.path("content").get(0).path("text").asString()).isEqualTo("queued");
  }

  @Test
  void rate_limit_failure_carries_retry_after_and_each_dialects_error_body() throws Exception {
    provider.enqueue(HttpFailure.rateLimited(7), HttpFailure.rateLimited(3));

    var anthropic =
        post(URI.create(provider.baseUrl() + "/v1/messages"), "{\"model\":\"m\",\"messages\":[]}");
    var openAi =
        post(
            URI.create(provider.openAiBaseUrl() + "/chat/completions"),
            "{\"model\":\"m\",\"messages\":[]}");

    assertThat(anthropic.statusCode()).isEqualTo(429);
    assertThat(anthropic.headers().firstValue("retry-after")).hasValue("7");
    assertThat(anthropic.headers().firstValue("request-id")).isPresent();
    JsonNode anthropicError = body(anthropic);
    assertThat(anthropicError.path("type").asString()).isEqualTo("error");
    assertThat(anthropicError.path("error").path("type").asString()).isEqualTo("rate_limit_error");
    assertThat(openAi.statusCode()).isEqualTo(429);
    assertThat(openAi.headers().firstValue("retry-after")).hasValue("3");
    assertThat(body(openAi).path("error").path("code").asString()).isEqualTo("rate_limit_exceeded");
  }

  @Test
  void server_error_and_unauthorized_are_answered_as_scripted() throws Exception {
    provider.enqueue(HttpFailure.serverError(), HttpFailure.unauthorized());
    URI responses = URI.create(provider.openAiBaseUrl() + "/responses");

    var serverError = post(responses, "{\"model\":\"m\",\"input\":\"x\"}");
    var unauthorized = post(responses, "{\"model\":\"m\",\"input\":\"x\"}");

    assertThat(serverError.statusCode()).isEqualTo(500);
    assertThat(body(serverError).path("error").path("type").asString()).isEqualTo("server_error");
    assertThat(unauthorized.statusCode()).isEqualTo(401);
    assertThat(body(unauthorized).path("error").path("code").asString())
        .isEqualTo("invalid_api_key");
  }

  @Test
  void cut_stream_breaks_the_transfer_after_the_given_events() throws Exception {
    provider.enqueue(Turn.text("never finished").cutAfterEvents(3));
    var response =
        post(
            URI.create(provider.baseUrl() + "/v1/messages"),
            "{\"model\":\"m\",\"stream\":true,\"messages\":[]}");

    List<String> seen = new ArrayList<>();
    IOException broken = null;
    try (InputStream body = response.body()) {
      SseReader frames = new SseReader(body, 1 << 20, 1 << 20);
      for (SseFrame next = frames.next(); next != null; next = frames.next()) {
        seen.add(next.event());
      }
    } catch (IOException e) {
      broken = e;
    }

    assertThat(broken).as("the transfer ends in an error, not a clean end").isNotNull();
    // java.net.http may drop frames it had buffered once the transfer fails; the raw bytes are
    // checked in the next test.
    assertThat(seen)
        .hasSizeLessThanOrEqualTo(3)
        .doesNotContain("content_block_delta", "message_stop");
  }

  @Test
  void cut_stream_sends_the_events_before_the_cut_and_no_final_chunk() throws Exception {
    provider.enqueue(Turn.text("never finished").cutAfterEvents(3));
    String body = "{\"model\":\"m\",\"stream\":true,\"messages\":[]}";

    String wire;
    try (Socket socket = new Socket("127.0.0.1", provider.baseUrl().getPort())) {
      socket
          .getOutputStream()
          .write(
              ("POST /v1/messages HTTP/1.1\r\nHost: fake\r\nContent-Type: application/json\r\n"
                      + "Content-Length: "
                      + body.length()
                      + "\r\n\r\n"
                      + body)
                  .getBytes(StandardCharsets.UTF_8));
      ByteArrayOutputStream received = new ByteArrayOutputStream();
      try {
        socket.getInputStream().transferTo(received);
      } catch (IOException reset) {
        // A reset still leaves what arrived before it in the buffer.
      }
      wire = received.toString(StandardCharsets.UTF_8);
    }

    assertThat(wire).startsWith("HTTP/1.1 200").containsIgnoringCase("transfer-encoding: chunked");
    assertThat(wire)
        .contains("event: message_start\n", "event: content_block_start\n", "event: ping\n")
        .doesNotContain("content_block_delta", "message_stop");
    assertThat(wire).as("the chunked body is never terminated").doesNotEndWith("0\r\n\r\n");
  }

  @Test
  void chunk_delay_spaces_out_the_streamed_events() throws Exception {
    provider.enqueue(Turn.text("slow").inPieces(1).withChunkDelay(java.time.Duration.ofMillis(40)));
    long started = System.nanoTime();

    var frames =
        frames(
            post(
                URI.create(provider.openAiBaseUrl() + "/chat/completions"),
                "{\"model\":\"m\",\"stream\":true,\"messages\":[]}"));

    long elapsedMillis = (System.nanoTime() - started) / 1_000_000;
    assertThat(frames).hasSize(4);
    assertThat(elapsedMillis).isGreaterThanOrEqualTo(4 * 40);
  }

  @Test
  void request_with_nothing_scripted_gets_a_500_naming_the_next_step() throws Exception {
    var response =
        post(URI.create(provider.baseUrl() + "/v1/messages"), "{\"model\":\"m\",\"messages\":[]}");

    assertThat(response.statusCode()).isEqualTo(500);
    assertThat(body(response).path("error").path("message").asString())
        .contains("enqueue a Turn or add a Rule");
  }

  @Test
  void unknown_route_and_non_json_body_are_refused_without_taking_a_reply() throws Exception {
    provider.enqueue(Turn.text("kept"));

    var unknown = post(URI.create(provider.openAiBaseUrl() + "/images/generations"), "{}");
    var notJson = post(URI.create(provider.openAiBaseUrl() + "/responses"), "not json");

    assertThat(unknown.statusCode()).isEqualTo(404);
    assertThat(notJson.statusCode()).isEqualTo(400);
    assertThat(body(notJson).path("error").path("type").asString())
        .isEqualTo("invalid_request_error");
    assertThat(provider.pending()).isEqualTo(1);
    assertThat(provider.requests()).extracting(RecordedRequest::rawBody).contains("not json");
  }

  @Test
  void models_are_listed_in_the_openai_or_anthropic_shape() throws Exception {
    var openAi = ProviderCalls.get(URI.create(provider.openAiBaseUrl() + "/models"));
    var anthropic =
        ProviderCalls.get(
            URI.create(provider.baseUrl() + "/v1/models"), "anthropic-version", "2023-06-01");

    JsonNode openAiList = Json.read(openAi.body());
    assertThat(openAiList.path("object").asString()).isEqualTo("list");
    assertThat(openAiList.path("data").valueStream().map(m -> m.path("id").asString()))
        .containsExactlyElementsOf(FakeProvider.DEFAULT_MODELS);
    JsonNode anthropicList = Json.read(anthropic.body());
    assertThat(anthropicList.path("data").get(0).path("type").asString()).isEqualTo("model");
    assertThat(anthropicList.path("has_more").asBoolean(true)).isFalse();
  }

  @Test
  void token_count_is_answered_without_taking_a_reply() throws Exception {
    provider.enqueue(Turn.text("kept"));

    var response =
        post(
            URI.create(provider.baseUrl() + "/v1/messages/count_tokens"),
            "{\"model\":\"m\",\"messages\":[{\"role\":\"user\",\"content\":\"count me\"}]}");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(body(response).path("input_tokens").asInt()).isPositive();
    assertThat(provider.pending()).isEqualTo(1);
  }

  @Test
  void in_stream_error_ends_each_dialects_stream_with_its_error_event() throws Exception {
    provider.enqueue(
        Turn.text("half an answer").failAfterEvents(2, "Overloaded"),
        Turn.text("half an answer").failAfterEvents(3, "Overloaded"),
        Turn.text("half an answer").failAfterEvents(1, "Overloaded"));
    String streamed = "{\"model\":\"m\",\"stream\":true,\"messages\":[],\"input\":\"x\"}";

    var anthropic = frames(post(URI.create(provider.baseUrl() + "/v1/messages"), streamed));
    var responses = frames(post(URI.create(provider.openAiBaseUrl() + "/responses"), streamed));
    var chat = frames(post(URI.create(provider.openAiBaseUrl() + "/chat/completions"), streamed));

    assertThat(ProviderCalls.events(anthropic))
        .containsExactly("message_start", "content_block_start", "error");
    JsonNode anthropicError = Json.read(anthropic.getLast().data());
    assertThat(anthropicError.path("error").path("type").asString()).isEqualTo("overloaded_error");
    assertThat(anthropicError.path("error").path("message").asString()).isEqualTo("Overloaded");
    assertThat(ProviderCalls.events(responses))
        .containsExactly(
            "response.created",
            "response.in_progress",
            "response.output_item.added",
            "response.failed");
    JsonNode failed = Json.read(responses.getLast().data());
    assertThat(failed.path("sequence_number").asInt()).isEqualTo(3);
    assertThat(failed.path("response").path("id").asString())
        .isEqualTo(Json.read(responses.getFirst().data()).path("response").path("id").asString());
    assertThat(failed.path("response").path("status").asString()).isEqualTo("failed");
    assertThat(failed.path("response").path("error").path("message").asString())
        .isEqualTo("Overloaded");
    assertThat(chat).hasSize(2);
    assertThat(Json.read(chat.getLast().data()).path("error").path("message").asString())
        .isEqualTo("Overloaded");
  }
}

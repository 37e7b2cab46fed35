package io.kxm.session.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.testkit.provider.FakeProvider;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.RecordedRequest;
import io.kxm.testkit.provider.Turn;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each wire format's client against the fake provider on loopback. */
class ModelClientsTest {
  private static final ToolSpec READ =
      new ToolSpec(
          "read_file",
          "Reads a file",
          Json.read("{\"type\":\"object\",\"properties\":{\"path\":{\"type\":\"string\"}}}"));

  private FakeProvider provider;

  @BeforeEach
  void start() throws Exception {
    provider = FakeProvider.start();
  }

  @AfterEach
  void stop() {
    provider.close();
  }

  private ModelClient client(String wire) {
    Map<String, String> env =
        Map.of(
            "ANTHROPIC_BASE_URL",
            provider.baseUrl().toString(),
            "ANTHROPIC_API_KEY",
            "sk-ant-test",
            "OPENAI_BASE_URL",
            provider.openAiBaseUrl().toString(),
            "OPENAI_API_KEY",
            "sk-test",
            "KXM_OPENAI_WIRE",
            wire.equals("chat") ? "chat" : "responses");
    String route = wire.equals("anthropic") ? "anthropic/claude-sonnet-4-5" : "openai/gpt-5-codex";
    return new ModelRoutes(env).client(ModelRoutes.parse(route));
  }

  private static ModelRequest request(List<ConversationItem> items) {
    return new ModelRequest("m", "You are terse.", items, List.of(READ), 1024);
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void text_streams_in_deltas_and_usage_is_counted(String wire) {
    provider.enqueue(Turn.text("Hello there, friend").inPieces(3).withUsage(120, 7));
    List<String> deltas = new ArrayList<>();

    ModelReply reply =
        client(wire).complete(request(List.of(new ConversationItem.UserText("hi"))), deltas::add);

    assertThat(deltas).hasSize(3);
    assertThat(String.join("", deltas)).isEqualTo("Hello there, friend");
    assertThat(reply.text()).isEqualTo("Hello there, friend");
    assertThat(reply.calls()).isEmpty();
    assertThat(reply.usage().input()).isEqualTo(120);
    assertThat(reply.usage().output()).isEqualTo(7);
    RecordedRequest sent = provider.requests().getLast();
    assertThat(sent.streaming()).isTrue();
    assertThat(sent.offeredToolNames()).containsExactly("read_file");
    assertThat(sent.lastMessageText()).contains("hi");
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void tool_calls_come_back_with_their_streamed_arguments_joined(String wire) {
    provider.enqueue(
        Turn.text("Reading.")
            .andToolCall("read_file", "{\"path\":\"notes/todo.txt\"}")
            .andToolCall("read_file", "{\"path\":\"b.txt\"}")
            .inPieces(4));

    ModelReply reply =
        client(wire).complete(request(List.of(new ConversationItem.UserText("read"))), d -> {});

    assertThat(reply.calls()).hasSize(2);
    assertThat(reply.calls().get(0).name()).isEqualTo("read_file");
    assertThat(reply.calls().get(0).input().path("path").asString()).isEqualTo("notes/todo.txt");
    assertThat(reply.calls().get(1).input().path("path").asString()).isEqualTo("b.txt");
    assertThat(reply.calls().get(0).id()).isNotBlank().isNotEqualTo(reply.calls().get(1).id());
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void a_tool_result_goes_back_in_the_dialect_the_provider_reads(String wire) {
    provider.enqueue(Turn.text("It says hello."));
    ToolUse call = new ToolUse("call_1", "read_file", Json.read("{\"path\":\"a.txt\"}"));
    List<ConversationItem> items =
        List.of(
            new ConversationItem.UserText("read a.txt"),
            new ConversationItem.AssistantReply("", List.of(call)),
            new ConversationItem.ToolOutput("call_1", "hello", false));

    client(wire).complete(request(items), d -> {});

    var results = provider.requests().getLast().toolResults();
    assertThat(results).hasSize(1);
    assertThat(results.getFirst().toolName()).isEqualTo("read_file");
    assertThat(results.getFirst().output()).contains("hello");
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void an_http_500_fails_with_the_providers_message(String wire) {
    provider.enqueue(HttpFailure.of(500, "the model is on fire, key sk-abcdefghijklmnopqrstuv"));

    assertThatThrownBy(() ->
            client(wire).complete(request(List.of(new ConversationItem.UserText("hi"))), d -> {}))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.PROVIDER_FAILED);
              assertThat(e.getMessage()).contains("HTTP 500", "the model is on fire");
              assertThat(e.getMessage()).doesNotContain("sk-abcdefghijklmnopqrstuv");
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void a_cut_stream_fails_instead_of_returning_half_an_answer(String wire) {
    provider.enqueue(Turn.text("a long answer that breaks").inPieces(5).cutAfterEvents(3));

    assertThatThrownBy(() ->
            client(wire).complete(request(List.of(new ConversationItem.UserText("hi"))), d -> {}))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.PROVIDER_FAILED);
              assertThat(e.getMessage()).contains("before the answer was complete");
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void an_error_inside_the_stream_fails_with_its_message(String wire) {
    provider.enqueue(Turn.text("partial answer").inPieces(4).failAfterEvents(3, "Overloaded"));

    assertThatThrownBy(() ->
            client(wire).complete(request(List.of(new ConversationItem.UserText("hi"))), d -> {}))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.PROVIDER_FAILED);
              assertThat(e.getMessage()).contains("Overloaded");
            });
  }

  @org.junit.jupiter.api.Test
  void another_provider_is_an_openai_compatible_server_spoken_to_in_chat_completions() {
    provider.enqueue(Turn.text("local answer"));
    ModelClient local =
        new ModelRoutes(Map.of("OPENAI_BASE_URL", provider.openAiBaseUrl().toString()))
            .client(ModelRoutes.parse("ollama/llama3.2"));

    ModelReply reply =
        local.complete(request(List.of(new ConversationItem.UserText("hi"))), d -> {});

    assertThat(reply.text()).isEqualTo("local answer");
    assertThat(provider.requests().getLast().path()).isEqualTo("/v1/chat/completions");
    assertThat(provider.requests().getLast().header("authorization")).isEmpty();
    assertThatThrownBy(() -> new ModelRoutes(Map.of()).client(ModelRoutes.parse("ollama/x")))
        .hasMessageContaining("OPENAI_BASE_URL");
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "openai"})
  void a_missing_key_is_not_logged_in(String provider) {
    ModelRoutes routes = new ModelRoutes(Map.of());
    assertThatThrownBy(() -> routes.client(ModelRoutes.parse(provider + "/some-model")))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_NOT_LOGGED_IN);
              assertThat(e.getMessage()).contains("_API_KEY");
            });
  }

  @ParameterizedTest
  @ValueSource(strings = {"claude-sonnet", "Bad Provider/large", "openai/", "/model", ""})
  void a_route_that_is_not_provider_slash_model_is_refused(String route) {
    assertThatThrownBy(() -> ModelRoutes.parse(route))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.HARNESS_INVALID));
  }
}

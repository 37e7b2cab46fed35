package io.kxm.session.provider;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.HashMap;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The OpenAI Responses API ({@code POST /v1/responses}), streamed, stateless ({@code store}). */
public final class OpenAiResponses implements ModelClient {
  private final URI endpoint;
  private final String apiKey;
  private final ProviderHttp http;

  /**
   * @param baseUrl the API root including {@code /v1}, as {@code OPENAI_BASE_URL} is given
   * @param apiKey sent as a bearer token; null sends none
   */
  public OpenAiResponses(HttpClient http, URI baseUrl, String apiKey) {
    this.endpoint = Endpoints.under(baseUrl, "responses");
    this.apiKey = apiKey;
    this.http = new ProviderHttp(http, "openai");
  }

  @Override
  public ModelReply complete(ModelRequest request, ModelListener listener) {
    InputStream body = http.open(endpoint, headers(apiKey), encode(request), listener);
    return StreamedCall.read(http, body, decoder(listener));
  }

  StreamDecoder decoder(ModelListener listener) {
    return new Decoder(listener);
  }

  ProviderHttp http() {
    return http;
  }

  static Map<String, String> headers(String apiKey) {
    Map<String, String> headers = new HashMap<>();
    if (apiKey != null) {
      headers.put("authorization", "Bearer " + apiKey);
    }
    return headers;
  }

  static ObjectNode encode(ModelRequest request) {
    ObjectNode body = Json.object().put("model", request.model());
    body.put("stream", true).put("store", false);
    body.put("max_output_tokens", request.maxOutputTokens());
    if (!request.system().isEmpty()) {
      body.put("instructions", request.system());
    }
    ArrayNode input = body.putArray("input");
    for (ConversationItem item : request.items()) {
      switch (item) {
        case ConversationItem.UserText user ->
            input.addObject().put("role", "user").put("content", user.text());
        case ConversationItem.AssistantReply reply -> {
          if (!reply.text().isEmpty()) {
            input.addObject().put("role", "assistant").put("content", reply.text());
          }
          for (ToolUse call : reply.calls()) {
            input
                .addObject()
                .put("type", "function_call")
                .put("call_id", call.id())
                .put("name", call.name())
                .put("arguments", arguments(call));
          }
        }
        case ConversationItem.ToolOutput output ->
            input
                .addObject()
                .put("type", "function_call_output")
                .put("call_id", output.callId())
                .put("output", output.output());
      }
    }
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolSpec tool : request.tools()) {
        ObjectNode spec = tools.addObject().put("type", "function").put("name", tool.name());
        spec.put("description", tool.description()).set("parameters", tool.schema());
      }
    }
    return body;
  }

  /** The call's arguments as the JSON text the model sent. */
  static String arguments(ToolUse call) {
    return call.input().isString() ? call.input().asString() : Json.write(call.input());
  }

  private final class Decoder implements StreamDecoder {
    private final ModelListener listener;
    private final StringBuilder text = new StringBuilder();
    private final PartialCalls calls = new PartialCalls();
    private TokenUsage usage = TokenUsage.unavailable();
    private boolean done;

    Decoder(ModelListener listener) {
      this.listener = listener;
    }

    @Override
    public void accept(SseFrame frame, JsonNode data) {
      if (data == null) {
        return;
      }
      int index = StreamedCall.index(data.path("output_index"));
      switch (data.path("type").asString("")) {
        case "response.output_text.delta" -> {
          String piece = data.path("delta").asString("");
          StreamedCall.appendText(text, piece);
          listener.text(piece);
        }
        case "response.output_item.added" -> {
          JsonNode item = data.path("item");
          if ("function_call".equals(item.path("type").asString(""))) {
            calls.start(index, item.path("call_id").asString(""), item.path("name").asString(""));
          }
        }
        case "response.function_call_arguments.delta" ->
            calls.append(index, data.path("delta").asString(""));
        case "response.function_call_arguments.done" -> {
          if (calls.has(index) && data.path("arguments").isString()) {
            calls.complete(index, data.path("arguments").asString());
          }
        }
        case "response.completed", "response.incomplete" -> {
          JsonNode reported = data.path("response").path("usage");
          if (reported.isObject()) {
            try {
              usage = UsageReports.openAiResponses(reported);
            } catch (IllegalArgumentException e) {
              usage = TokenUsage.unavailable();
            }
          }
          done = true;
        }
        case "response.failed" ->
            throw http.failed(
                "the stream reported an error: " + ProviderHttp.errorMessage(data.path("response")),
                null);
        case "error" ->
            throw http.failed(
                "the stream reported an error: "
                    + data.path("message").asString(ProviderHttp.errorMessage(data)),
                null);
        default -> {
          // item and part bookkeeping events repeat what the deltas carried
        }
      }
    }

    @Override
    public boolean complete() {
      return done;
    }

    @Override
    public ModelReply reply() {
      return new ModelReply(text.toString(), calls.calls(), usage);
    }
  }
}

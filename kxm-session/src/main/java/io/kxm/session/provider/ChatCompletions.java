package io.kxm.session.provider;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * OpenAI Chat Completions ({@code POST /v1/chat/completions}), streamed with usage; what most
 * OpenAI-compatible local servers speak.
 */
public final class ChatCompletions implements ModelClient {
  private final URI endpoint;
  private final String apiKey;
  private final ProviderHttp http;

  /**
   * @param baseUrl the API root including {@code /v1}
   * @param apiKey sent as a bearer token; null sends none
   */
  public ChatCompletions(HttpClient http, URI baseUrl, String apiKey) {
    this.endpoint = Endpoints.under(baseUrl, "chat/completions");
    this.apiKey = apiKey;
    this.http = new ProviderHttp(http, "openai-chat");
  }

  @Override
  public ModelReply complete(ModelRequest request, ModelListener listener) {
    InputStream body =
        http.open(endpoint, OpenAiResponses.headers(apiKey), encode(request), listener);
    return StreamedCall.read(http, body, decoder(listener));
  }

  StreamDecoder decoder(ModelListener listener) {
    return new Decoder(listener);
  }

  ProviderHttp http() {
    return http;
  }

  static ObjectNode encode(ModelRequest request) {
    ObjectNode body = Json.object().put("model", request.model());
    body.put("stream", true).put("max_tokens", request.maxOutputTokens());
    body.putObject("stream_options").put("include_usage", true);
    ArrayNode messages = body.putArray("messages");
    if (!request.system().isEmpty()) {
      messages.addObject().put("role", "system").put("content", request.system());
    }
    for (ConversationItem item : request.items()) {
      switch (item) {
        case ConversationItem.UserText user ->
            messages.addObject().put("role", "user").put("content", user.text());
        case ConversationItem.AssistantReply reply -> {
          ObjectNode message = messages.addObject().put("role", "assistant");
          if (reply.text().isEmpty()) {
            message.putNull("content");
          } else {
            message.put("content", reply.text());
          }
          if (!reply.calls().isEmpty()) {
            ArrayNode calls = message.putArray("tool_calls");
            for (ToolUse call : reply.calls()) {
              ObjectNode node = calls.addObject().put("id", call.id()).put("type", "function");
              node.putObject("function")
                  .put("name", call.name())
                  .put("arguments", OpenAiResponses.arguments(call));
            }
          }
        }
        case ConversationItem.ToolOutput output ->
            messages
                .addObject()
                .put("role", "tool")
                .put("tool_call_id", output.callId())
                .put("content", output.output());
      }
    }
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolSpec tool : request.tools()) {
        ObjectNode function = tools.addObject().put("type", "function").putObject("function");
        function.put("name", tool.name()).put("description", tool.description());
        function.set("parameters", tool.schema());
      }
    }
    return body;
  }

  private final class Decoder implements StreamDecoder {
    private final ModelListener listener;
    private final StringBuilder text = new StringBuilder();
    private final PartialCalls calls = new PartialCalls();
    private TokenUsage usage = TokenUsage.unavailable();
    private boolean finished;
    private boolean done;

    Decoder(ModelListener listener) {
      this.listener = listener;
    }

    @Override
    public void accept(SseFrame frame, JsonNode data) {
      if (data == null) {
        done = true; // data: [DONE]
        return;
      }
      if (data.has("error")) {
        throw http.failed("the stream reported an error: " + ProviderHttp.errorMessage(data), null);
      }
      JsonNode reported = data.path("usage");
      if (reported.isObject()) {
        try {
          usage = UsageReports.openAiChat(reported);
        } catch (IllegalArgumentException e) {
          usage = TokenUsage.unavailable();
        }
      }
      for (JsonNode choice : data.path("choices")) {
        JsonNode delta = choice.path("delta");
        if (delta.path("content").isString()) {
          String piece = delta.path("content").asString();
          if (!piece.isEmpty()) {
            StreamedCall.appendText(text, piece);
            listener.text(piece);
          }
        }
        for (JsonNode call : delta.path("tool_calls")) {
          int index = StreamedCall.index(call.path("index"));
          JsonNode function = call.path("function");
          calls.start(index, call.path("id").asString(""), function.path("name").asString(""));
          if (function.path("arguments").isString()) {
            calls.append(index, function.path("arguments").asString());
          }
        }
        if (choice.path("finish_reason").isString()) {
          finished = true;
        }
      }
    }

    @Override
    public boolean complete() {
      return done;
    }

    // Some compatible servers end the body after the finish reason without [DONE].
    @Override
    public boolean completeAtEnd() {
      return done || finished;
    }

    @Override
    public ModelReply reply() {
      return new ModelReply(text.toString(), calls.calls(), usage);
    }
  }
}

package io.kxm.session.provider;

import io.kxm.core.json.Json;
import io.kxm.core.sse.SseFrame;
import io.kxm.runtime.usage.TokenUsage;
import io.kxm.runtime.usage.UsageReports;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/** The Anthropic Messages API ({@code POST /v1/messages}), streamed. */
public final class AnthropicMessages implements ModelClient {
  static final String VERSION = "2023-06-01";

  private final URI endpoint;
  private final String apiKey;
  private final ProviderHttp http;

  /**
   * @param baseUrl the API root without {@code /v1}, as {@code ANTHROPIC_BASE_URL} is given
   */
  public AnthropicMessages(HttpClient http, URI baseUrl, String apiKey) {
    this.endpoint = Endpoints.under(baseUrl, "v1/messages");
    this.apiKey = apiKey;
    this.http = new ProviderHttp(http, "anthropic");
  }

  @Override
  public ModelReply complete(ModelRequest request, ModelListener listener) {
    InputStream body =
        http.open(
            endpoint,
            Map.of("x-api-key", apiKey, "anthropic-version", VERSION),
            encode(request),
            listener);
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
    body.put("max_tokens", request.maxOutputTokens()).put("stream", true);
    if (!request.system().isEmpty()) {
      body.put("system", request.system());
    }
    ArrayNode messages = body.putArray("messages");
    for (ConversationItem item : request.items()) {
      switch (item) {
        case ConversationItem.UserText user ->
            content(messages, "user").addObject().put("type", "text").put("text", user.text());
        case ConversationItem.AssistantReply reply -> {
          ArrayNode content = content(messages, "assistant");
          if (!reply.text().isEmpty()) {
            content.addObject().put("type", "text").put("text", reply.text());
          }
          for (ToolUse call : reply.calls()) {
            ObjectNode block = content.addObject().put("type", "tool_use");
            block.put("id", call.id()).put("name", call.name());
            block.set("input", call.input().isObject() ? call.input() : Json.object());
          }
        }
        case ConversationItem.ToolOutput output -> {
          ObjectNode block = content(messages, "user").addObject().put("type", "tool_result");
          block.put("tool_use_id", output.callId()).put("content", output.output());
          if (output.isError()) {
            block.put("is_error", true);
          }
        }
      }
    }
    if (!request.tools().isEmpty()) {
      ArrayNode tools = body.putArray("tools");
      for (ToolSpec tool : request.tools()) {
        ObjectNode spec = tools.addObject().put("name", tool.name());
        spec.put("description", tool.description()).set("input_schema", tool.schema());
      }
    }
    return body;
  }

  // Consecutive blocks of one role go in one message, as the API requires alternating roles.
  private static ArrayNode content(ArrayNode messages, String role) {
    if (!messages.isEmpty()) {
      JsonNode last = messages.get(messages.size() - 1);
      if (role.equals(last.path("role").asString())) {
        return (ArrayNode) last.get("content");
      }
    }
    ObjectNode message = messages.addObject().put("role", role);
    return message.putArray("content");
  }

  private final class Decoder implements StreamDecoder {
    private final ModelListener listener;
    private final StringBuilder text = new StringBuilder();
    private final PartialCalls calls = new PartialCalls();
    private ObjectNode usage = Json.object();
    private boolean stopped;

    Decoder(ModelListener listener) {
      this.listener = listener;
    }

    @Override
    public void accept(SseFrame frame, JsonNode data) {
      if (data == null) {
        return;
      }
      switch (data.path("type").asString("")) {
        case "message_start" -> {
          JsonNode start = data.path("message").path("usage");
          if (start.isObject()) {
            usage = (ObjectNode) start.deepCopy();
          }
        }
        case "content_block_start" -> {
          JsonNode block = data.path("content_block");
          if ("tool_use".equals(block.path("type").asString(""))) {
            calls.start(
                StreamedCall.index(data.path("index")),
                block.path("id").asString(""),
                block.path("name").asString(""));
          }
        }
        case "content_block_delta" -> {
          JsonNode delta = data.path("delta");
          switch (delta.path("type").asString("")) {
            case "text_delta" -> {
              String piece = delta.path("text").asString("");
              StreamedCall.appendText(text, piece);
              listener.text(piece);
            }
            case "input_json_delta" ->
                calls.append(
                    StreamedCall.index(data.path("index")),
                    delta.path("partial_json").asString(""));
            default -> {
              // thinking and signature deltas carry nothing the loop uses
            }
          }
        }
        case "message_delta" -> {
          JsonNode more = data.path("usage");
          if (more.isObject()) {
            usage.setAll((ObjectNode) more.deepCopy());
          }
        }
        case "message_stop" -> stopped = true;
        case "error" ->
            throw http.failed(
                "the stream reported an error: " + ProviderHttp.errorMessage(data), null);
        default -> {
          // ping and content_block_stop change nothing
        }
      }
    }

    @Override
    public boolean complete() {
      return stopped;
    }

    @Override
    public ModelReply reply() {
      TokenUsage counted;
      try {
        counted = UsageReports.anthropic(usage);
      } catch (IllegalArgumentException e) {
        counted = TokenUsage.unavailable();
      }
      return new ModelReply(text.toString(), calls.calls(), counted);
    }
  }
}

package io.kxm.testkit.provider;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * One request the fake provider received, for assertions. Header names are lower case; the values
 * of {@code x-api-key} and {@code authorization} are replaced by {@code <redacted>} so a recorded
 * request never holds a credential. {@code body} is the parsed JSON, or a missing node when the
 * body was not JSON.
 */
public record RecordedRequest(
    String method,
    String path,
    Optional<ApiDialect> dialect,
    Map<String, List<String>> headers,
    String rawBody,
    JsonNode body) {
  public RecordedRequest {
    headers = Collections.unmodifiableMap(new LinkedHashMap<>(headers));
  }

  public Optional<String> header(String name) {
    List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
    return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.getFirst());
  }

  public String model() {
    return body.path("model").asString("");
  }

  public boolean streaming() {
    return body.path("stream").asBoolean(false);
  }

  /** All text of the conversation's last message or input item, tool results included. */
  public String lastMessageText() {
    return dialect.map(d -> Transcript.lastItemText(d, body)).orElse("");
  }

  /** The tool results at the end of the conversation, answering the model's latest tool calls. */
  public List<ToolResult> toolResults() {
    return dialect.map(d -> Transcript.trailingToolResults(d, body)).orElse(List.of());
  }

  /** The names of the tools the client offered the model in this request. */
  public List<String> offeredToolNames() {
    return dialect.map(d -> Transcript.offeredToolNames(d, body)).orElse(List.of());
  }
}

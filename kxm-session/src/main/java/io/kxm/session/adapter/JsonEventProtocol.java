package io.kxm.session.adapter;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import io.kxm.session.harness.TurnProtocol;
import java.nio.charset.StandardCharsets;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * The shape agent CLIs share in their one-shot JSON modes: the prompt, history folded in, goes in
 * on stdin and nothing else follows; every stdout line is one JSON event object with a {@code
 * type}. A subclass says what each event means; a line that is not such an object is recorded as a
 * protocol error here.
 */
public abstract class JsonEventProtocol implements TurnProtocol {

  @Override
  public final byte[] opening(TurnInput input) {
    return FoldedPrompt.of(input).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public final boolean takesAnswers() {
    return false;
  }

  @Override
  public final List<HarnessLine> read(byte[] line) {
    String text = new String(line, StandardCharsets.UTF_8);
    JsonNode event;
    try {
      event = Json.read(text);
    } catch (JacksonException e) {
      return refused("line is not JSON", text);
    }
    if (!event.isObject() || !event.path("type").isString()) {
      return refused("line is not an event object with a type", text);
    }
    return event(event.path("type").asString(), event, text);
  }

  /**
   * What one event means.
   *
   * @param line the event's line as printed, for the excerpt of a protocol error
   */
  protected abstract List<HarnessLine> event(String type, JsonNode event, String line);

  /** A protocol error for {@code line}, with a redacted excerpt of it. */
  protected static List<HarnessLine> refused(String reason, String line) {
    return List.of(
        new HarnessLine.Output(
            new HarnessOutput.ProtocolError(reason, HarnessLines.excerpt(line))));
  }
}

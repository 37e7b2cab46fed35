package io.kxm.session.adapter.pi;

import io.kxm.session.adapter.JsonEventProtocol;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What {@code pi --mode json} prints, one session event a line, turned into harness outputs. The
 * prompt goes in on stdin, which Pi reads when it is piped.
 *
 * <ul>
 *   <li>{@code message_update} with a {@code text_delta} streams the answer.
 *   <li>{@code message_end} of an assistant message reports that model call's usage; Pi counts
 *       input without the cache, as a harness usage report does.
 *   <li>{@code tool_execution_start} and {@code tool_execution_end} are a tool call and its result.
 *   <li>{@code agent_end} after an assistant message that stopped normally gives the final message.
 *   <li>Pi exits 0 even when the provider failed, and retries by itself ({@code auto_retry_*}): the
 *       turn failed when its last assistant message stopped with {@code error} or {@code aborted},
 *       and that message's {@code errorMessage} is the reason.
 * </ul>
 */
public final class PiJsonProtocol extends JsonEventProtocol {
  private final PiText text = new PiText();
  private JsonNode lastAssistant;

  @Override
  protected List<HarnessLine> event(String type, JsonNode event, String raw) {
    List<HarnessOutput> out =
        switch (type) {
          case "message_start" -> {
            text.restart();
            yield List.of();
          }
          case "message_update" -> text.delta(event.path("assistantMessageEvent"));
          case "message_end" -> messageEnd(event.path("message"), raw);
          case "tool_execution_start" -> PiTools.call(event);
          case "tool_execution_end" -> PiTools.result(event);
          case "agent_end" -> agentEnd();
          default -> List.of();
        };
    return out.stream().<HarnessLine>map(HarnessLine.Output::new).toList();
  }

  @Override
  public List<HarnessLine> finish() {
    if (lastAssistant == null) {
      return List.of();
    }
    String stop = lastAssistant.path("stopReason").asString("");
    if (!stop.equals("error") && !stop.equals("aborted")) {
      return List.of();
    }
    JsonNode message = lastAssistant.path("errorMessage");
    String reason =
        message.isString() && !message.asString().isBlank()
            ? message.asString()
            : "the model call stopped with " + stop;
    return List.of(new HarnessLine.ReportedError(HarnessLines.excerpt(reason)));
  }

  private List<HarnessOutput> messageEnd(JsonNode message, String raw) {
    if (!message.path("role").asString("").equals("assistant")) {
      return List.of();
    }
    lastAssistant = message;
    JsonNode usage = message.path("usage");
    if (usage.isMissingNode() || usage.isNull()) {
      return List.of();
    }
    try {
      return PiUsage.toHarnessLine(usage)
          .<List<HarnessOutput>>map(line -> List.of(new HarnessOutput.Usage(line)))
          .orElse(List.of());
    } catch (IllegalArgumentException e) {
      return List.of(
          new HarnessOutput.ProtocolError(
              "message usage is unreadable: " + e.getMessage(), HarnessLines.excerpt(raw)));
    }
  }

  private List<HarnessOutput> agentEnd() {
    if (lastAssistant == null) {
      return List.of();
    }
    String stop = lastAssistant.path("stopReason").asString("");
    if (stop.equals("error") || stop.equals("aborted")) {
      return List.of();
    }
    String answer = PiText.of(lastAssistant);
    return answer.isBlank()
        ? List.of()
        : List.of(new HarnessOutput.Final(cut(answer, HarnessLines.MAX_TEXT_CHARS)));
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    return text.substring(0, Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max);
  }
}

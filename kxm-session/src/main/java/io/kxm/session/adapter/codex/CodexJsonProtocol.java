package io.kxm.session.adapter.codex;

import io.kxm.session.adapter.JsonEventProtocol;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;

/**
 * What {@code codex exec --json} prints, one event a line, turned into harness outputs. The prompt
 * goes in on stdin (the argument {@code -}), so it never shows in a process listing.
 *
 * <ul>
 *   <li>{@code item.*} events carry the agent's messages and its actions ({@link CodexItems}).
 *   <li>{@code turn.completed} carries the turn's token usage; the last agent message of the turn
 *       is its final message.
 *   <li>{@code turn.failed} ends the turn with the provider's reason. A bare {@code error} event is
 *       not fatal by itself (Codex reports each retry that way); it is the reason only when the
 *       stream ends with neither {@code turn.completed} nor {@code turn.failed}.
 *   <li>{@code thread.started}, {@code turn.started} and events of newer Codex versions are
 *       skipped.
 * </ul>
 */
public final class CodexJsonProtocol extends JsonEventProtocol {
  private final CodexItems items = new CodexItems();
  private String lastError;
  private boolean turnEnded;

  @Override
  protected List<HarnessLine> event(String type, JsonNode event, String text) {
    return switch (type) {
      case "item.started", "item.updated", "item.completed" -> item(event, text);
      case "turn.completed" -> turnCompleted(event, text);
      case "turn.failed" -> turnFailed(event);
      case "error" -> {
        lastError = message(event.path("message"));
        yield List.of();
      }
      default -> List.of();
    };
  }

  @Override
  public List<HarnessLine> finish() {
    if (!turnEnded && lastError != null) {
      return List.of(new HarnessLine.ReportedError(lastError));
    }
    return List.of();
  }

  private List<HarnessLine> item(JsonNode event, String text) {
    JsonNode item = event.path("item");
    if (!item.isObject() || !item.path("id").isString() || !item.path("type").isString()) {
      return refused("item event without an item id and type", text);
    }
    List<HarnessOutput> outputs =
        switch (event.path("type").asString()) {
          case "item.started" -> items.started(item);
          case "item.updated" -> items.updated(item);
          default -> items.completed(item);
        };
    return outputs.stream().<HarnessLine>map(HarnessLine.Output::new).toList();
  }

  private List<HarnessLine> turnCompleted(JsonNode event, String text) {
    turnEnded = true;
    List<HarnessLine> out = new ArrayList<>();
    JsonNode usage = event.path("usage");
    if (!usage.isMissingNode() && !usage.isNull()) {
      try {
        CodexUsage.toHarnessLine(usage)
            .ifPresent(line -> out.add(new HarnessLine.Output(new HarnessOutput.Usage(line))));
      } catch (IllegalArgumentException e) {
        out.addAll(refused("turn usage is unreadable: " + e.getMessage(), text));
      }
    }
    items
        .lastMessage()
        .ifPresent(message -> out.add(new HarnessLine.Output(new HarnessOutput.Final(message))));
    return out;
  }

  private List<HarnessLine> turnFailed(JsonNode event) {
    turnEnded = true;
    String reason = message(event.path("error").path("message"));
    return List.of(
        new HarnessLine.ReportedError(
            reason != null ? reason : lastError != null ? lastError : "turn failed"));
  }

  private static String message(JsonNode message) {
    if (!message.isString() || message.asString().isBlank()) {
      return null;
    }
    return HarnessLines.excerpt(message.asString());
  }
}

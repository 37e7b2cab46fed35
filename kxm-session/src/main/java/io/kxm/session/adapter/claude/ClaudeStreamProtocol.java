package io.kxm.session.adapter.claude;

import io.kxm.core.json.Json;
import io.kxm.core.secret.Redactor;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessLine;
import io.kxm.session.harness.HarnessLines;
import io.kxm.session.harness.TurnProtocol;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads what {@code claude -p --output-format stream-json --verbose} prints, one JSON object a
 * line: {@code assistant} messages (text becomes a delta, each {@code tool_use} block a tool call),
 * {@code user} messages ({@code tool_result} blocks become tool results), and the closing {@code
 * result} (its text becomes the final message, its token counts one usage report, and {@code
 * is_error} or an error subtype a reported error). {@code system} lines (init, retries) and
 * messages the CLI made up itself (an API error shown as a message, a nudge to answer) carry
 * nothing the run records. The prompt goes on stdin, which then closes.
 */
public final class ClaudeStreamProtocol implements TurnProtocol {
  /** The model name Claude Code gives messages it wrote itself rather than the model. */
  static final String SYNTHETIC_MODEL = "<synthetic>";

  /** Characters of the CLI's error kept for the run's diagnosis. */
  static final int MAX_ERROR_CHARS = 2048;

  private boolean resultSeen;

  @Override
  public byte[] opening(TurnInput input) {
    // on stdin rather than the command line, which caps one argument at 128 KiB
    return ClaudePrompt.of(input).getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public boolean takesAnswers() {
    return false;
  }

  /** Whether the CLI printed its closing {@code result} line. */
  public boolean resultSeen() {
    return resultSeen;
  }

  @Override
  public List<HarnessLine> read(byte[] line) {
    String text = new String(line, StandardCharsets.UTF_8);
    JsonNode node;
    try {
      node = Json.read(text);
    } catch (JacksonException e) {
      return List.of(broken("line is not JSON", text));
    }
    if (!node.isObject() || !node.path("type").isString()) {
      return List.of(broken("line is not an object with a 'type'", text));
    }
    return switch (node.path("type").asString()) {
      case "assistant" -> assistant(node, text);
      case "user" -> user(node, text);
      case "result" -> result(node, text);
      default -> List.of(); // system lines and kinds added by later CLI versions
    };
  }

  private List<HarnessLine> assistant(JsonNode node, String text) {
    JsonNode message = node.path("message");
    if (SYNTHETIC_MODEL.equals(message.path("model").asString(""))
        || node.path("error").isString()) {
      // an API failure the CLI shows as a message; its result line reports the same failure
      return List.of();
    }
    JsonNode content = message.path("content");
    if (!content.isArray()) {
      return List.of(broken("assistant message has no content array", text));
    }
    List<HarnessLine> out = new ArrayList<>();
    for (JsonNode block : content) {
      switch (block.path("type").asString("")) {
        case "text" -> {
          String said = block.path("text").asString("");
          if (!said.isEmpty()) {
            out.add(output(new HarnessOutput.Delta(cut(said, HarnessLines.MAX_DELTA_CHARS))));
          }
        }
        case "tool_use" -> out.add(toolCall(block, text));
        default -> {
          // thinking and other blocks are the model's own working, not part of the answer
        }
      }
    }
    return out;
  }

  private List<HarnessLine> user(JsonNode node, String text) {
    JsonNode content = node.path("message").path("content");
    if (!content.isArray()) {
      return List.of(); // the prompt as plain text, echoed back
    }
    List<HarnessLine> out = new ArrayList<>();
    for (JsonNode block : content) {
      if ("tool_result".equals(block.path("type").asString(""))) {
        out.add(toolResult(block, text));
      }
    }
    return out;
  }

  private List<HarnessLine> result(JsonNode node, String text) {
    resultSeen = true;
    List<HarnessLine> out = new ArrayList<>();
    try {
      ClaudeUsage.of(node).ifPresent(usage -> out.add(output(new HarnessOutput.Usage(usage))));
    } catch (IllegalArgumentException | ArithmeticException e) {
      out.add(broken("result line's token counts are unreadable: " + e.getMessage(), text));
    }
    String subtype = node.path("subtype").asString("");
    String said = node.path("result").isString() ? node.path("result").asString() : "";
    if (node.path("is_error").asBoolean(false) || !"success".equals(subtype)) {
      out.add(new HarnessLine.ReportedError(errorMessage(node, subtype, said)));
    } else if (!said.isBlank()) {
      out.add(output(new HarnessOutput.Final(cut(said, HarnessLines.MAX_TEXT_CHARS))));
    }
    return out;
  }

  private static HarnessLine toolCall(JsonNode block, String text) {
    if (!block.path("id").isString() || !block.path("name").isString()) {
      return broken("tool_use block without id or name", text);
    }
    ObjectNode call = Json.object();
    call.put("id", block.path("id").asString());
    call.put("name", cut(block.path("name").asString(), HarnessLines.MAX_NAME_CHARS));
    call.set("input", block.path("input").isObject() ? block.path("input") : Json.object());
    return output(new HarnessOutput.ToolCall(call));
  }

  private static HarnessLine toolResult(JsonNode block, String text) {
    if (!block.path("tool_use_id").isString()) {
      return broken("tool_result block without tool_use_id", text);
    }
    ObjectNode result = Json.object();
    result.put("id", block.path("tool_use_id").asString());
    result.put("output", cut(resultText(block.path("content")), HarnessLines.MAX_TEXT_CHARS));
    result.put("isError", block.path("is_error").asBoolean(false));
    return output(new HarnessOutput.ToolResult(result));
  }

  /** A tool result's content is a string or a list of blocks, of which the text ones count. */
  private static String resultText(JsonNode content) {
    if (content.isString()) {
      return content.asString();
    }
    StringBuilder text = new StringBuilder();
    if (content.isArray()) {
      for (JsonNode part : content) {
        if ("text".equals(part.path("type").asString(""))) {
          text.append(text.isEmpty() ? "" : "\n").append(part.path("text").asString(""));
        }
      }
    }
    return text.toString();
  }

  private static String errorMessage(JsonNode node, String subtype, String said) {
    List<String> parts = new ArrayList<>();
    if (!said.isBlank()) {
      parts.add(said.strip());
    }
    for (JsonNode error : node.path("errors")) {
      parts.add(error.isString() ? error.asString() : error.toString());
    }
    StringBuilder message = new StringBuilder("claude ended with ").append(subtype);
    JsonNode status = node.path("api_error_status");
    if (status.isIntegralNumber() && status.canConvertToInt()) {
      message.append(" (provider status ").append(status.asInt()).append(')');
    }
    if (!parts.isEmpty()) {
      message.append(": ").append(String.join("; ", parts));
    }
    return cut(Redactor.redact(message.toString()), MAX_ERROR_CHARS);
  }

  private static HarnessLine output(HarnessOutput output) {
    return new HarnessLine.Output(output);
  }

  private static HarnessLine broken(String reason, String line) {
    return output(new HarnessOutput.ProtocolError(reason, HarnessLines.excerpt(line)));
  }

  private static String cut(String text, int max) {
    if (text.length() <= max) {
      return text;
    }
    int end = Character.isHighSurrogate(text.charAt(max - 1)) ? max - 1 : max;
    return text.substring(0, end);
  }
}

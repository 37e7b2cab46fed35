package io.kxm.core.workflow.definition;

import io.kxm.core.check.TextLength;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.core.workflow.WorkflowLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;

/**
 * Renders a coordinator prompt from a definition's template. Placeholders are {@code
 * {{payload.a.b}}} (a field of the webhook body; a numeric segment indexes an array), {@code
 * {{run.id}}}, {@code {{workflow.id}}} and {@code {{project}}}.
 *
 * <p>A payload field that is absent renders as the empty string and is listed in {@link
 * RenderedPrompt#missingFields()}: senders often leave optional fields out, and refusing the whole
 * delivery for that would lose the run. Unknown placeholder names are refused when the definition
 * loads, so a typo cannot reach a run.
 */
public final class PromptTemplate {
  private static final Pattern PLACEHOLDER = Pattern.compile("\\{\\{\\s*([^{}]*?)\\s*}}");
  private static final Pattern PAYLOAD_PATH = Pattern.compile("payload(\\.[A-Za-z0-9_-]+)+");
  private static final List<String> FIXED = List.of("run.id", "workflow.id", "project");

  private PromptTemplate() {}

  /** What a placeholder is filled from. */
  public record Context(String runId, String workflowId, String project, JsonNode payload) {}

  /**
   * @param text the prompt
   * @param missingFields payload placeholders that had no value, in template order
   */
  public record RenderedPrompt(String text, List<String> missingFields) {
    public RenderedPrompt {
      missingFields = List.copyOf(missingFields);
    }
  }

  /** Placeholder names in {@code template} that this renderer does not know. */
  public static List<String> unknownPlaceholders(String template) {
    List<String> unknown = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(template);
    while (m.find()) {
      String name = m.group(1);
      if (!FIXED.contains(name) && !PAYLOAD_PATH.matcher(name).matches()) {
        unknown.add(name);
      }
    }
    return unknown;
  }

  /**
   * @throws KxmException {@code VALUE_TOO_LONG} when the prompt would exceed a message body
   */
  public static RenderedPrompt render(String template, Context context) {
    List<String> missing = new ArrayList<>();
    Matcher m = PLACEHOLDER.matcher(template);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      m.appendReplacement(out, Matcher.quoteReplacement(value(m.group(1), context, missing)));
    }
    m.appendTail(out);
    TextLength.check(
        "the rendered prompt of run " + context.runId(), out.toString(), WorkflowLimits.PROMPT_MAX);
    return new RenderedPrompt(out.toString(), missing);
  }

  private static String value(String name, Context context, List<String> missing) {
    switch (name) {
      case "run.id" -> {
        return context.runId();
      }
      case "workflow.id" -> {
        return context.workflowId();
      }
      case "project" -> {
        return context.project();
      }
      default -> {
        // only payload paths remain: the loader refused every other name
      }
    }
    JsonNode node = context.payload();
    for (String segment : name.substring("payload.".length()).split("\\.")) {
      node = node == null ? null : child(node, segment);
    }
    if (node == null || node.isMissingNode()) {
      missing.add(name);
      return "";
    }
    if (node.isNull()) {
      return "";
    }
    return node.isValueNode() ? node.asString() : Json.write(node);
  }

  private static JsonNode child(JsonNode node, String segment) {
    if (node.isArray() && segment.length() <= 9 && segment.chars().allMatch(Character::isDigit)) {
      return node.get(Integer.parseInt(segment));
    }
    return node.isObject() ? node.get(segment) : null;
  }
}

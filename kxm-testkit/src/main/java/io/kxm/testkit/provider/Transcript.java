package io.kxm.testkit.provider;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Reads a request body of any dialect as one conversation, for rules and assertions. */
final class Transcript {
  private Transcript() {}

  /** The messages (or Responses input items) in order; a plain string input is one item. */
  static List<JsonNode> items(ApiDialect dialect, JsonNode body) {
    JsonNode list =
        switch (dialect) {
          case ANTHROPIC_MESSAGES, OPENAI_CHAT -> body.path("messages");
          case OPENAI_RESPONSES -> body.path("input");
        };
    List<JsonNode> out = new ArrayList<>();
    if (list.isString()) {
      out.add(list);
    }
    if (list.isArray()) {
      list.forEach(out::add);
    }
    return out;
  }

  static String lastItemText(ApiDialect dialect, JsonNode body) {
    List<JsonNode> items = items(dialect, body);
    return items.isEmpty() ? "" : textOf(items.getLast());
  }

  /** The tool results at the end of the conversation, answering the model's latest calls. */
  static List<ToolResult> trailingToolResults(ApiDialect dialect, JsonNode body) {
    List<JsonNode> items = items(dialect, body);
    List<ToolResult> out = new ArrayList<>();
    switch (dialect) {
      case ANTHROPIC_MESSAGES -> {
        JsonNode last = items.isEmpty() ? null : items.getLast();
        if (last != null && "user".equals(last.path("role").asString(""))) {
          for (JsonNode block : last.path("content")) {
            if ("tool_result".equals(block.path("type").asString(""))) {
              String id = block.path("tool_use_id").asString("");
              out.add(new ToolResult(id, nameOfCall(dialect, items, id), textOf(block)));
            }
          }
        }
      }
      case OPENAI_RESPONSES -> {
        for (int i = items.size() - 1; i >= 0; i--) {
          JsonNode item = items.get(i);
          if (!"function_call_output".equals(item.path("type").asString(""))) {
            break;
          }
          String id = item.path("call_id").asString("");
          out.addFirst(new ToolResult(id, nameOfCall(dialect, items, id), textOf(item)));
        }
      }
      case OPENAI_CHAT -> {
        for (int i = items.size() - 1; i >= 0; i--) {
          JsonNode message = items.get(i);
          if (!"tool".equals(message.path("role").asString(""))) {
            break;
          }
          String id = message.path("tool_call_id").asString("");
          out.addFirst(new ToolResult(id, nameOfCall(dialect, items, id), textOf(message)));
        }
      }
    }
    return out;
  }

  static List<String> offeredToolNames(ApiDialect dialect, JsonNode body) {
    List<String> names = new ArrayList<>();
    for (JsonNode tool : body.path("tools")) {
      if (dialect == ApiDialect.OPENAI_RESPONSES
          && "namespace".equals(tool.path("type").asString(""))) {
        // a namespace groups tools (Codex: one per MCP server); each is named as a client calls it
        String namespace = tool.path("name").asString("");
        for (JsonNode inner : tool.path("tools")) {
          names.add(namespace + "__" + inner.path("name").asString(""));
        }
        continue;
      }
      JsonNode name =
          dialect == ApiDialect.OPENAI_CHAT
              ? tool.path("function").path("name")
              : tool.path("name");
      if (name.isString()) {
        names.add(name.asString());
      }
    }
    return names;
  }

  /** The names of the {@code namespace} tools a Responses request offered. */
  static Set<String> offeredNamespaces(JsonNode body) {
    Set<String> namespaces = new HashSet<>();
    for (JsonNode tool : body.path("tools")) {
      if ("namespace".equals(tool.path("type").asString("")) && tool.path("name").isString()) {
        namespaces.add(tool.path("name").asString());
      }
    }
    return namespaces;
  }

  private static String nameOfCall(ApiDialect dialect, List<JsonNode> items, String callId) {
    for (JsonNode item : items) {
      switch (dialect) {
        case ANTHROPIC_MESSAGES -> {
          for (JsonNode block : item.path("content")) {
            if ("tool_use".equals(block.path("type").asString(""))
                && callId.equals(block.path("id").asString(""))) {
              return block.path("name").asString("");
            }
          }
        }
        case OPENAI_RESPONSES -> {
          if ("function_call".equals(item.path("type").asString(""))
              && callId.equals(item.path("call_id").asString(""))) {
            String name = item.path("name").asString("");
            JsonNode namespace = item.path("namespace");
            return namespace.isString() ? namespace.asString() + "__" + name : name;
          }
        }
        case OPENAI_CHAT -> {
          for (JsonNode call : item.path("tool_calls")) {
            if (callId.equals(call.path("id").asString(""))) {
              return call.path("function").path("name").asString("");
            }
          }
        }
      }
    }
    return "";
  }

  /** All text inside a message, content block or tool output, joined in order. */
  static String textOf(JsonNode node) {
    if (node.isString()) {
      return node.asString();
    }
    StringBuilder out = new StringBuilder();
    if (node.isArray()) {
      node.forEach(element -> out.append(textOf(element)));
      return out.toString();
    }
    for (String field : List.of("text", "content", "output")) {
      JsonNode value = node.path(field);
      if (value.isString() || value.isArray()) {
        out.append(textOf(value));
      }
    }
    return out.toString();
  }
}

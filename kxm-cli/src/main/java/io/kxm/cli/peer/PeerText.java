package io.kxm.cli.peer;

import io.kxm.core.json.Json;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;

/**
 * The human reading of a peer tool's JSON result. {@code --json} prints the result itself; this is
 * for people, so it may change between versions.
 */
final class PeerText {
  private PeerText() {}

  static String render(String tool, JsonNode result) {
    StringBuilder out = new StringBuilder();
    switch (tool) {
      case "kxm_list" -> agents(out, result.path("agents"));
      case "kxm_send" ->
          line(
              out,
              "sent "
                  + text(result, "messageId")
                  + " to "
                  + text(result, "target")
                  + " ("
                  + text(result, "status")
                  + ")");
      case "kxm_get", "kxm_await", "kxm_cancel" -> message(out, result);
      case "kxm_fanout" -> fanout(out, result.path("responses"));
      case "kxm_inbox" -> inbox(out, result.path("messages"));
      case "kxm_reply" ->
          line(
              out,
              "replied to "
                  + text(result, "messageId")
                  + " (for "
                  + text(result, "recipient")
                  + ")");
      case "kxm_reserve" ->
          line(
              out,
              "reserved "
                  + text(result, "id")
                  + " ("
                  + text(result, "mode")
                  + "): "
                  + joined(result.path("paths"))
                  + " until "
                  + text(result, "expiresAt")
                  + ", fencing token "
                  + result.path("fencingToken").asLong());
      case "kxm_release" ->
          line(out, "released " + text(result, "id") + ": " + joined(result.path("paths")));
      default ->
          line(
              out,
              Json.MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValueAsString(result));
    }
    return out.toString();
  }

  private static void agents(StringBuilder out, JsonNode agents) {
    if (agents.isEmpty()) {
      line(out, "no agents");
    }
    for (JsonNode agent : agents) {
      String purpose = agent.path("purpose").asString("");
      line(
          out,
          String.format("%-24s %-8s %s", text(agent, "name"), text(agent, "presence"), purpose)
              .stripTrailing());
    }
  }

  private static void message(StringBuilder out, JsonNode m) {
    line(
        out,
        text(m, "id")
            + "  "
            + text(m, "fromName")
            + " -> "
            + text(m, "toName")
            + "  "
            + text(m, "status"));
    line(out, "  request: " + text(m, "content"));
    if (m.hasNonNull("reply")) {
      line(out, "  reply:   " + text(m, "reply"));
    }
    if (m.hasNonNull("error")) {
      line(out, "  error:   " + text(m, "error"));
    }
    line(out, "  expires: " + text(m, "expiresAt"));
  }

  private static void fanout(StringBuilder out, JsonNode responses) {
    for (JsonNode r : responses) {
      String status = text(r, "status");
      String detail =
          switch (status) {
            case "replied" -> text(r, "messageId") + ": " + text(r, "reply");
            case "pending" ->
                text(r, "messageId")
                    + " still "
                    + text(r, "messageStatus")
                    + " ("
                    + text(r, "waitStatus")
                    + ")";
            default ->
                r.hasNonNull("messageId")
                    ? text(r, "messageId") + " " + text(r, "error")
                    : text(r, "error");
          };
      line(out, text(r, "target") + ": " + status + "  " + detail.strip());
    }
  }

  private static void inbox(StringBuilder out, JsonNode messages) {
    if (messages.isEmpty()) {
      line(out, "no open requests");
    }
    for (JsonNode m : messages) {
      line(
          out,
          text(m, "id")
              + "  from "
              + text(m, "fromName")
              + "  ("
              + text(m, "status")
              + ", "
              + text(m, "delivery")
              + ")");
      line(out, "  " + text(m, "content"));
    }
  }

  private static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? "" : value.asString();
  }

  private static void line(StringBuilder out, String text) {
    out.append(text).append(System.lineSeparator());
  }

  private static String joined(JsonNode items) {
    StringBuilder out = new StringBuilder();
    for (JsonNode item : items) {
      out.append(out.isEmpty() ? "" : " ").append(item.asString(""));
    }
    return out.toString();
  }
}

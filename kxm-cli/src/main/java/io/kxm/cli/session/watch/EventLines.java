package io.kxm.cli.session.watch;

import io.kxm.cli.session.TerminalText;
import io.kxm.core.json.Json;
import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;

/**
 * Prints a run's events for a person: message deltas inline as they stream, every other event as
 * one readable line. Long values are cut so that one tool's output cannot flood the terminal.
 */
final class EventLines {
  private static final int MAX_VALUE = 240;

  /** The longest line one event other than the final message prints. */
  static final int MAX_LINE = 2_000;

  /** Past this much streamed text the final message is taken to repeat it and not printed. */
  private static final int MAX_STREAMED = 1024 * 1024;

  private final PrintWriter out;
  private final StringBuilder streamed = new StringBuilder();
  private boolean midLine;

  EventLines(PrintWriter out) {
    this.out = out;
  }

  void print(JsonNode envelope) {
    String type = text(envelope, "type");
    JsonNode data = envelope.path("data");
    if (type.equals("message.delta")) {
      String delta = TerminalText.printable(text(data, "text"));
      out.print(delta);
      midLine = !delta.endsWith("\n") && (midLine || !delta.isEmpty());
      if (streamed.length() <= MAX_STREAMED) {
        streamed.append(delta);
      }
      out.flush();
      return;
    }
    endLine();
    if (!type.equals("message.completed")) {
      // Whatever a peer put in an event, it shows as one line of bounded length.
      out.println(TerminalText.printable(cut(line(type, data), MAX_LINE)));
    } else if (!repeatsStreamed(TerminalText.printable(text(data, "text")))) {
      out.println(TerminalText.printable(text(data, "text")));
    }
    if (type.equals("message.completed")) {
      streamed.setLength(0);
    }
    out.flush();
  }

  /** Whether the deltas already showed this final message, so printing it would repeat it. */
  private boolean repeatsStreamed(String message) {
    return streamed.length() > MAX_STREAMED
        || (!streamed.isEmpty() && streamed.toString().strip().equals(message.strip()));
  }

  /** Ends a line a delta left open, so that what follows starts on its own line. */
  void endLine() {
    if (midLine) {
      out.println();
      midLine = false;
    }
  }

  static String line(String type, JsonNode data) {
    return switch (type) {
      case "session.created" -> "session created in " + text(data, "workspaceRoot");
      case "run.queued" ->
          "queued"
              + (data.hasNonNull("resumedFrom")
                  ? " (continues " + text(data, "resumedFrom") + ")"
                  : "");
      case "run.started" -> "running";
      case "message.completed" -> text(data, "text");
      case "tool.call" ->
          "tool call "
              + text(data, "name")
              + " ["
              + text(data, "id")
              + "] "
              + cut(compact(data.path("input")));
      case "tool.result" ->
          (data.path("isError").asBoolean(false) ? "tool error [" : "tool result [")
              + text(data, "id")
              + "] "
              + cut(compact(data.path("output")));
      case "usage" -> "usage: " + usage(data);
      case "run.approval.required" -> "approval needed " + request(data);
      case "run.clarification.required" -> "question " + request(data);
      case "run.elicitation.required" -> "input needed " + request(data);
      case "interaction.resolved" -> resolved(data);
      case "harness.protocol_error" ->
          "harness protocol error: " + text(data, "reason") + ": " + cut(text(data, "line"));
      case "run.completed" -> "run completed (" + text(data, "outcome") + ")";
      case "run.failed" ->
          "run failed ("
              + text(data, "outcome")
              + ")"
              + (data.hasNonNull("error") ? ": " + text(data, "error") : "")
              + (data.hasNonNull("exitCode") ? ", exit code " + text(data, "exitCode") : "")
              + (data.hasNonNull("diagnosis") ? "; " + cut(text(data, "diagnosis")) : "");
      case "run.cancelled" -> "run cancelled";
      case "run.interrupted" -> "run interrupted: " + text(data, "error");
      default -> type + " " + cut(compact(data));
    };
  }

  private static String request(JsonNode data) {
    JsonNode request = data.path("request");
    StringBuilder line = new StringBuilder(text(data, "interactionId")).append(":");
    for (String field : new String[] {"tool", "question", "message", "reason"}) {
      if (request.hasNonNull(field)) {
        line.append(' ').append(field).append(' ').append(cut(text(request, field)));
      }
    }
    if (request.hasNonNull("input")) {
      line.append(" input ").append(cut(compact(request.path("input"))));
    }
    return line.toString();
  }

  private static String resolved(JsonNode data) {
    JsonNode answer = data.path("answer");
    String verdict =
        switch (text(data, "kind")) {
          case "approval" -> answer.path("approved").asBoolean(false) ? "approved" : "denied";
          case "elicitation" ->
              switch (text(answer, "action")) {
                case "accept" -> "accepted";
                case "decline" -> "declined";
                case "cancel" -> "cancelled";
                default -> "answered";
              };
          default -> "answered";
        };
    return text(data, "interactionId")
        + " "
        + verdict
        + (answer.hasNonNull("by") ? " by " + text(answer, "by") : "")
        + (answer.hasNonNull("answer") ? ": " + cut(text(answer, "answer")) : "")
        + (answer.path("content").isObject() ? ": " + cut(compact(answer.path("content"))) : "")
        + (data.hasNonNull("continuationRunId")
            ? "; the session goes on in run " + text(data, "continuationRunId")
            : "");
  }

  private static String usage(JsonNode data) {
    StringBuilder line = new StringBuilder();
    for (var field : data.properties()) {
      if (!line.isEmpty()) {
        line.append(", ");
      }
      line.append(field.getKey()).append(' ').append(compact(field.getValue()));
    }
    return line.toString();
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    if (value.isMissingNode() || value.isNull()) {
      return "";
    }
    return value.isValueNode() ? value.asString() : Json.write(value);
  }

  private static String compact(JsonNode value) {
    if (value.isMissingNode() || value.isNull()) {
      return "";
    }
    return value.isString() ? value.asString() : Json.write(value);
  }

  private static String cut(String value) {
    return cut(value, MAX_VALUE);
  }

  private static String cut(String value, int max) {
    String oneLine = value.replace('\n', ' ').replace('\r', ' ');
    return oneLine.length() <= max ? oneLine : oneLine.substring(0, max) + "…";
  }
}

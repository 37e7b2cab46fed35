package io.kxm.cli.session;

import io.kxm.cli.session.watch.InteractionDesk;
import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;

/** Human output of sessions and their runs: the supervisor's JSON, laid out for a terminal. */
public final class SessionText {
  private static final int MAX_PROMPT = 60;

  private SessionText() {}

  static void summary(PrintWriter out, JsonNode session) {
    out.println(
        text(session, "id")
            + "  last active "
            + text(session, "lastActiveAt")
            + "  "
            + text(session, "workspaceRoot")
            + "  "
            + harness(session));
  }

  static void session(PrintWriter out, JsonNode session) {
    out.println("session " + text(session, "id"));
    out.println("  workspace: " + text(session, "workspaceRoot"));
    out.println("  harness:   " + harness(session));
    if (session.hasNonNull("model")) {
      out.println("  model:     " + text(session, "model"));
    }
    out.println(
        "  created "
            + text(session, "createdAt")
            + ", last active "
            + text(session, "lastActiveAt"));
  }

  /** One line per run: ID, status, outcome or error, and the start of its prompt. */
  static void runLine(PrintWriter out, JsonNode run, String indent) {
    String result =
        run.hasNonNull("error")
            ? " (" + text(run, "error") + ")"
            : run.hasNonNull("outcome") ? " (" + text(run, "outcome") + ")" : "";
    out.println(
        indent
            + text(run, "id")
            + "  "
            + text(run, "status")
            + result
            + "  "
            + quote(text(run, "prompt")));
  }

  static void message(PrintWriter out, JsonNode message) {
    out.println(
        "[" + text(message, "role") + "] " + TerminalText.printable(text(message, "content")));
  }

  /**
   * A session run's detail, {@code {"run", "interactions"}} or {@code {"run"}}: its state, result
   * and the questions it waits on, each with the command that answers it.
   */
  public static void runDetail(PrintWriter out, JsonNode detail) {
    JsonNode run = detail.path("run");
    out.println(
        "run "
            + text(run, "id")
            + " (session "
            + text(run, "sessionId")
            + "): "
            + text(run, "status"));
    out.println("  prompt: " + quote(text(run, "prompt")));
    if (run.hasNonNull("resumedFrom")) {
      out.println("  continues: " + text(run, "resumedFrom"));
    }
    if (run.hasNonNull("outcome")) {
      out.println("  outcome: " + text(run, "outcome"));
    }
    if (run.hasNonNull("error")) {
      out.println("  error: " + text(run, "error"));
    }
    if (run.hasNonNull("finalMessage")) {
      out.println("  final message: " + TerminalText.printable(text(run, "finalMessage")));
    }
    if (run.path("usage").isObject()) {
      JsonNode usage = run.path("usage");
      out.println(
          "  tokens: "
              + usage.path("inputTokens").asLong()
              + " in, "
              + usage.path("outputTokens").asLong()
              + " out, "
              + usage.path("cacheReadTokens").asLong()
              + " cache read, "
              + usage.path("cacheWriteTokens").asLong()
              + " cache write");
    }
    if (run.path("spend").isObject()) {
      JsonNode spend = run.path("spend");
      out.println(
          "  spend: "
              + (spend.hasNonNull("amount")
                  ? text(spend, "amount") + " " + text(spend, "currency")
                  : "unknown (" + TerminalText.printable(text(spend, "unknownBecause")) + ")"));
    }
    if (run.hasNonNull("diagnosis")) {
      out.println("  diagnosis: " + TerminalText.printable(text(run, "diagnosis")));
    }
    for (JsonNode interaction : detail.path("interactions")) {
      interaction(out, text(run, "id"), interaction);
    }
  }

  /** An interaction resolve's answer, {@code {"interaction", "continuation"}}. */
  public static void resolved(PrintWriter out, JsonNode answer) {
    JsonNode interaction = answer.path("interaction");
    out.println(
        "interaction "
            + text(interaction, "id")
            + " ("
            + text(interaction, "kind")
            + "): "
            + text(interaction, "status"));
    JsonNode continuation = answer.path("continuation");
    if (continuation.isObject()) {
      out.println(
          "  the run was interrupted; the answer goes on in run "
              + text(continuation, "id")
              + ": kxm runs watch "
              + text(continuation, "id"));
    } else {
      out.println("  the run goes on: kxm runs watch " + text(interaction, "runId"));
    }
  }

  private static void interaction(PrintWriter out, String runId, JsonNode interaction) {
    String status = text(interaction, "status");
    JsonNode request = interaction.path("request");
    String asked =
        request.hasNonNull("tool")
            ? "tool " + text(request, "tool")
            : request.hasNonNull("question") ? text(request, "question") : text(request, "message");
    out.println(
        "  "
            + text(interaction, "kind")
            + " "
            + text(interaction, "id")
            + ": "
            + status
            + (asked.isEmpty() ? "" : ": " + TerminalText.printable(asked)));
    if (status.equals("pending")) {
      String id = text(interaction, "id");
      out.println(
          "    answer with: "
              + InteractionDesk.command(runId, id, text(interaction, "kind"))
              + (text(interaction, "kind").equals("approval") ? " (or deny)" : ""));
    }
  }

  private static String harness(JsonNode session) {
    JsonNode argv = session.path("harness").path("argv");
    StringBuilder line = new StringBuilder();
    for (JsonNode arg : argv) {
      if (!line.isEmpty()) {
        line.append(' ');
      }
      line.append(arg.asString());
    }
    return line.isEmpty() ? text(session.path("harness"), "type") : line.toString();
  }

  private static String quote(String prompt) {
    String oneLine = TerminalText.printable(prompt).replace('\n', ' ');
    return "\""
        + (oneLine.length() <= MAX_PROMPT ? oneLine : oneLine.substring(0, MAX_PROMPT) + "…")
        + "\"";
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? "" : value.asString();
  }
}

package io.kxm.cli.dash;

import io.kxm.cli.session.TerminalText;
import tools.jackson.databind.JsonNode;

/**
 * One line of a panel and what the keys act on.
 *
 * @param runId the run a key acts on (a run, a waiting interaction's run, a workflow run), or null
 * @param itemId the interaction or request ID, or null
 * @param kind the interaction's kind, or null
 * @param text the line shown
 */
record DashRow(String runId, String itemId, String kind, String text) {
  static DashRow of(DashPanel panel, JsonNode n) {
    return switch (panel) {
      case AGENTS ->
          new DashRow(
              null,
              null,
              null,
              cols(t(n, "name"), 18, t(n, "project"), 10, t(n, "presence"), 8, t(n, "purpose"), 0));
      case REQUESTS ->
          new DashRow(
              null,
              t(n, "messageId"),
              null,
              cols(
                  t(n, "messageId"),
                  14,
                  t(n, "from") + " -> " + t(n, "to"),
                  28,
                  t(n, "status"),
                  10,
                  n.has("bytes") ? n.path("bytes").asLong() + "B" : "",
                  0));
      case WORKFLOWS ->
          new DashRow(
              first(n, "runId", "id"),
              null,
              null,
              cols(
                  first(n, "runId", "id"),
                  22,
                  first(n, "workflowId", "workflow"),
                  16,
                  t(n, "status"),
                  10,
                  first(n, "currentStage", "stage"),
                  0));
      case RUNS ->
          new DashRow(
              t(n, "runId"),
              null,
              null,
              cols(t(n, "runId"), 26, t(n, "what"), 22, t(n, "status"), 0));
      case WAITING ->
          new DashRow(
              t(n, "runId"),
              t(n, "interactionId"),
              t(n, "kind"),
              cols(
                  t(n, "runId"), 22, t(n, "interactionId"), 22, t(n, "kind"), 9, t(n, "asked"), 0));
      case SPEND ->
          new DashRow(
              t(n, "runId"),
              null,
              null,
              cols(
                  t(n, "runId"),
                  26,
                  t(n, "inputTokens"),
                  10,
                  t(n, "outputTokens"),
                  10,
                  t(n, "cost"),
                  0));
      case RESERVATIONS ->
          new DashRow(
              null,
              t(n, "id"),
              null,
              cols(
                  t(n, "holderName"),
                  18,
                  t(n, "mode"),
                  10,
                  joined(n.path("paths")),
                  36,
                  t(n, "expiresAt"),
                  0));
    };
  }

  /** Cells padded to their widths (0: the rest of the line), each made printable. */
  private static String cols(Object... cells) {
    StringBuilder line = new StringBuilder();
    for (int i = 0; i + 1 < cells.length; i += 2) {
      String cell =
          TerminalText.printable(String.valueOf(cells[i])).replace('\n', ' ').replace('\t', ' ');
      int width = (Integer) cells[i + 1];
      if (width == 0) {
        line.append(cell);
      } else {
        String cut = cell.length() >= width ? cell.substring(0, width - 1) : cell;
        line.append(cut).append(" ".repeat(width - cut.length()));
      }
    }
    return line.toString().stripTrailing();
  }

  static String t(JsonNode n, String field) {
    JsonNode v = n.path(field);
    return v.isMissingNode() || v.isNull() ? "" : v.isString() ? v.asString() : v.toString();
  }

  private static String first(JsonNode n, String a, String b) {
    String value = t(n, a);
    return value.isEmpty() ? t(n, b) : value;
  }

  private static String joined(JsonNode items) {
    StringBuilder out = new StringBuilder();
    items.forEach(item -> out.append(out.isEmpty() ? "" : " ").append(item.asString("")));
    return out.toString();
  }
}

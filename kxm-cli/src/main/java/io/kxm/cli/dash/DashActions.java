package io.kxm.cli.dash;

import io.kxm.core.error.KxmException;
import tools.jackson.databind.JsonNode;

/** Runs a key's action and words its outcome for the status line: what changed, or the code. */
final class DashActions {
  private DashActions() {}

  static String run(String what, DashRow row, DashScreen.Action action) {
    try {
      Object answer = action.call();
      return what + " " + target(row) + ": " + outcome(answer);
    } catch (KxmException e) {
      return "error: " + e.code().code() + ": " + e.getMessage();
    }
  }

  private static String target(DashRow row) {
    // the interaction's ID alone: with its run's the line would not fit 80 columns
    return row.itemId() == null ? row.runId() : row.itemId();
  }

  private static String outcome(Object answer) {
    if (answer instanceof JsonNode node) {
      JsonNode interaction = node.path("interaction");
      if (interaction.isObject()) {
        return DashRow.t(interaction, "status");
      }
      JsonNode run = node.path("run");
      if (run.isObject()) {
        return DashRow.t(run, "status");
      }
      if (node.has("status")) {
        return DashRow.t(node, "status");
      }
    }
    return "done";
  }
}

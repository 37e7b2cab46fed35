package io.kxm.cli.run;

import java.io.PrintWriter;
import tools.jackson.databind.JsonNode;

/** Human output of the run commands: the supervisor's JSON, laid out for a terminal. */
final class RunText {
  private RunText() {}

  static void summary(PrintWriter out, JsonNode run) {
    out.println(
        text(run, "runId")
            + "  "
            + text(run, "workflowId")
            + "  "
            + text(run, "status")
            + "  updated "
            + text(run, "updatedAt"));
  }

  /** A {@code RunDetail}: the run, its steps, what it waits for and its last receipt. */
  static void detail(PrintWriter out, JsonNode detail) {
    JsonNode run = detail.path("run");
    out.println(
        "run " + text(run, "runId") + " (" + text(run, "workflowId") + "): " + text(run, "status"));
    if (detail.hasNonNull("reason")) {
      out.println("  reason: " + text(detail, "reason"));
    }
    for (JsonNode step : detail.path("steps")) {
      String extra = step.hasNonNull("detail") ? "  " + text(step, "detail") : "";
      out.println(
          "  step "
              + text(step, "stepId")
              + " ["
              + text(step, "type")
              + "]: "
              + text(step, "status")
              + ", attempts "
              + step.path("attempts").asInt()
              + extra);
    }
    for (JsonNode interaction : detail.path("interactions")) {
      if (!"pending".equals(text(interaction, "status"))) {
        continue;
      }
      out.println(
          "  waiting: "
              + text(interaction, "kind")
              + " "
              + text(interaction, "interactionId")
              + " at step "
              + text(interaction, "stepId")
              + (interaction.hasNonNull("question") ? ": " + text(interaction, "question") : ""));
    }
    if (detail.hasNonNull("lastReceipt")) {
      receipt(out, detail.path("lastReceipt"), "  ");
    }
    out.println("  events: " + detail.path("eventCount").asLong());
  }

  static void receipt(PrintWriter out, JsonNode receipt, String indent) {
    out.println(
        indent
            + "receipt "
            + text(receipt, "receiptId")
            + ": "
            + text(receipt, "kind")
            + ", run "
            + text(receipt, "runStatus")
            + ", head event "
            + receipt.path("headSequence").asLong()
            + " "
            + text(receipt, "headHash")
            + ", key "
            + text(receipt, "keyId"));
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? "" : value.asString();
  }
}

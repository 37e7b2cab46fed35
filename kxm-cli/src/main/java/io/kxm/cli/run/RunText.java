package io.kxm.cli.run;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/** Human output of the run commands: the supervisor's JSON, laid out for a terminal. */
final class RunText {
  private RunText() {}

  static void summary(PrintWriter out, JsonNode run) {
    if (run.hasNonNull("damage")) {
      out.println(
          text(run, "runId")
              + "  "
              + text(run, "status")
              + "  "
              + text(run, "damage")
              + "  (check it with: kxm runs verify "
              + text(run, "runId")
              + ")");
      return;
    }
    out.println(
        text(run, "runId")
            + "  "
            + text(run, "workflowId")
            + "  "
            + text(run, "status")
            + "  updated "
            + text(run, "updatedAt"));
  }

  /** A session run's row as the project's run list shows it. */
  static void sessionRun(PrintWriter out, JsonNode run) {
    out.println(
        text(run, "id")
            + "  session "
            + text(run, "sessionId")
            + "  "
            + text(run, "status")
            + "  created "
            + text(run, "createdAt"));
  }

  /** A {@code RunDetail}: the run, its steps, what it waits for and its last receipt. */
  static void detail(PrintWriter out, JsonNode detail) {
    JsonNode run = detail.path("run");
    out.println(
        "run " + text(run, "runId") + " (" + text(run, "workflowId") + "): " + text(run, "status"));
    configLine(run).ifPresent(out::println);
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
    if (detail.hasNonNull("work")) {
      work(out, detail.path("work"));
    }
    if (detail.hasNonNull("spend")) {
      out.println("  spend: " + spend(detail.path("spend")));
    }
    if (detail.hasNonNull("lastReceipt")) {
      receipt(out, detail.path("lastReceipt"), "  ");
    }
    out.println("  events: " + detail.path("eventCount").asLong());
  }

  /** Where the run's writing steps left their work: branch, worktree and latest patch. */
  private static void work(PrintWriter out, JsonNode work) {
    out.println(
        "  work: branch "
            + text(work, "branch")
            + (work.path("removed").asBoolean()
                ? " (worktree removed)"
                : " in worktree " + text(work, "worktree")));
    if (work.hasNonNull("patchFile")) {
      out.println(
          "  patch: "
              + text(work, "patchFile")
              + " ("
              + work.path("files").asInt()
              + " files, +"
              + work.path("insertions").asLong()
              + " -"
              + work.path("deletions").asLong()
              + ", sha256 "
              + text(work, "patchSha256")
              + ")");
    }
  }

  static String spend(JsonNode spend) {
    String amount =
        spend.hasNonNull("usd")
            ? "USD " + text(spend, "usd")
            : "cost unknown (" + text(spend, "unknownBecause") + ")";
    return spend.path("inputTokens").asLong()
        + " input and "
        + spend.path("outputTokens").asLong()
        + " output tokens over "
        + spend.path("attempts").asInt()
        + " attempts, "
        + amount;
  }

  /**
   * Which {@code .kxm/} the run runs: {@code config: commit <id>}, or for a run created with {@code
   * --allow-dirty} the uncommitted files it ran; empty for runs recorded before pins.
   */
  static Optional<String> configLine(JsonNode run) {
    JsonNode config = run.path("config");
    if (!config.isObject()) {
      return Optional.empty();
    }
    String commit = config.hasNonNull("commit") ? text(config, "commit") : "no commit";
    if (!config.path("dirty").asBoolean(false)) {
      return Optional.of("  config: commit " + commit);
    }
    List<String> files = new ArrayList<>();
    config.path("uncommitted").forEach(f -> files.add(f.asString()));
    return Optional.of(
        "  config: working tree, dirty against " + commit + ": " + String.join(", ", files));
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
            + text(receipt, "keyId")
            + (receipt.hasNonNull("spend") ? ", spend " + spend(receipt.path("spend")) : ""));
  }

  static String text(JsonNode node, String field) {
    JsonNode value = node.path(field);
    return value.isMissingNode() || value.isNull() ? "" : value.asString();
  }
}

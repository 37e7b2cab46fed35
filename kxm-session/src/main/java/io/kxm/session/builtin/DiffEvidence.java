package io.kxm.session.builtin;

import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.runtime.git.Git;
import io.kxm.session.api.HarnessOutput;
import java.util.function.Consumer;
import tools.jackson.databind.node.ObjectNode;

/**
 * The diff a turn that changed files ends with: everything in the session's worktree that differs
 * from its base commit, reported once as a {@code worktree_diff} tool call and its result, so it is
 * part of the run's events like any other tool output.
 */
final class DiffEvidence {
  static final String TOOL = "worktree_diff";
  static final int MAX_DIFF_BYTES = 128 * 1024;

  private final Consumer<HarnessOutput> out;
  private boolean changed;
  private boolean emitted;

  DiffEvidence(Consumer<HarnessOutput> out) {
    this.out = out;
  }

  /** Records that the turn ran a tool that changes files. */
  void changed() {
    changed = true;
  }

  /** Reports the diff once, when the turn changed files in {@code worktree}. */
  void emit(SessionWorktrees.Worktree worktree) throws InterruptedException {
    if (!changed || emitted || worktree == null) {
      return;
    }
    emitted = true;
    String id = "kxm_" + TOOL;
    ObjectNode call = Json.object().put("id", id).put("name", TOOL);
    call.putObject("input")
        .put("worktree", worktree.path().toString())
        .put("base", worktree.base());
    out.accept(new HarnessOutput.ToolCall(call));
    ObjectNode result = Json.object().put("id", id);
    try {
      Git.Exited diff = SessionWorktrees.diff(worktree, MAX_DIFF_BYTES);
      ObjectNode output = result.putObject("output");
      output.put("worktree", worktree.path().toString()).put("base", worktree.base());
      var files = output.putArray("files");
      SessionWorktrees.changedFiles(worktree).lines().forEach(files::add);
      output.put("diff", diff.text()).put("truncated", diff.cut());
      result.put("isError", false);
    } catch (KxmException e) {
      result.put("output", e.code().code() + ": " + e.getMessage()).put("isError", true);
    }
    out.accept(new HarnessOutput.ToolResult(result));
  }
}

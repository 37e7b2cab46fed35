package io.kxm.session.builtin;

import io.kxm.session.provider.ToolSpec;

/** One tool of the built-in agent, working inside one folder. */
interface WorkspaceTool {

  ToolSpec spec();

  /** Whether the tool may change files (writes and commands): it needs approval and a worktree. */
  boolean changesFiles();

  /**
   * Carries out one call.
   *
   * @throws ToolRefusal when the call cannot be carried out as asked
   * @throws io.kxm.core.error.KxmException {@code workspace_path_forbidden} for a path outside
   * @throws InterruptedException when the turn is cancelled; whatever the tool started is ended
   */
  ToolRun run(ToolInput input, WorkspacePaths at) throws InterruptedException;
}

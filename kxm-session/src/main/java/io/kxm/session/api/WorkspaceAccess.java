package io.kxm.session.api;

import java.util.Locale;

/** What a turn's agent may do to its workspace. */
public enum WorkspaceAccess {
  /**
   * A session's turn: the harness's own rules, and the built-in agent writes only to the session's
   * worktree once a person approved.
   */
  SESSION,
  /** Reads only: the harness offers or allows no tool that changes files or runs commands. */
  READ_ONLY,
  /**
   * The workspace is a run's own Git worktree: the agent changes files in it directly, without
   * asking, and the run keeps the diff as evidence.
   */
  WRITE;

  /** The value of {@code KXM_WORKSPACE_ACCESS} a command harness reads. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }
}

package io.kxm.core.id;

import java.time.Clock;

/**
 * The three kinds of run and the id prefix each kind is minted with: hub webhook workflow runs
 * ({@code wfr_…}), runtime runs of a project's {@code .kxm/} workflows ({@code run_…}) and session
 * runs ({@code srun_…}). Hub workflow runs written before they had their own prefix keep their
 * {@code run_…} ids; the hub looks them up by id whatever the prefix.
 */
public enum RunKind {
  WORKFLOW("wfr"),
  RUNTIME("run"),
  SESSION("srun");

  private final String prefix;

  RunKind(String prefix) {
    this.prefix = prefix;
  }

  /** The prefix with its separator, for example {@code wfr_}. */
  public String prefix() {
    return prefix + "_";
  }

  /** A new id of this kind. */
  public String next(Clock clock) {
    return Ids.next(prefix, clock);
  }

  /** Whether {@code id} carries this kind's prefix. */
  public boolean names(String id) {
    return id != null && id.startsWith(prefix());
  }
}

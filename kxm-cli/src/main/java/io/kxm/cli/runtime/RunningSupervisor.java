package io.kxm.cli.runtime;

import io.kxm.runtime.supervisor.Registry;
import io.kxm.runtime.supervisor.SupervisorPaths;
import io.kxm.runtime.supervisor.SupervisorRow;
import io.kxm.runtime.supervisor.SupervisorToken;
import java.util.Optional;

/**
 * A supervisor a client may talk to: its registry row names a live process, and the process on its
 * port proved it holds the token from the 0600 file.
 */
public record RunningSupervisor(SupervisorRow row, String token, SupervisorPaths paths) {

  public String url() {
    return row.url();
  }

  /** The supervisor of this user, if one runs and proves itself. */
  public static Optional<RunningSupervisor> find(SupervisorPaths paths) {
    Optional<SupervisorRow> row = row(paths);
    Optional<String> token = SupervisorToken.read(paths.tokenFile());
    if (row.isEmpty() || token.isEmpty()) {
      return Optional.empty();
    }
    SupervisorRow r = row.get();
    if (!r.state().equals("running") || !r.processAlive()) {
      return Optional.empty();
    }
    if (!r.tokenSha256().equals(SupervisorToken.hash(token.get()))) {
      return Optional.empty();
    }
    if (!SupervisorProbe.verified(r.url(), token.get())) {
      return Optional.empty();
    }
    return Optional.of(new RunningSupervisor(r, token.get(), paths));
  }

  /** The registry row as it is, live or stale; empty before the first start. */
  public static Optional<SupervisorRow> row(SupervisorPaths paths) {
    return Registry.peek(paths.registry());
  }
}

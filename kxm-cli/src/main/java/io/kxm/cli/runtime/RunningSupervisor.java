package io.kxm.cli.runtime;

import io.kxm.supervisor.Registry;
import io.kxm.supervisor.SupervisorCredential;
import io.kxm.supervisor.SupervisorPaths;
import io.kxm.supervisor.SupervisorRow;
import io.kxm.supervisor.SupervisorToken;
import java.util.Map;
import java.util.Optional;

/**
 * A supervisor a client may talk to: its registry row names a live process, and the process on its
 * port proved it holds the client's token ({@code KXM_RUNTIME_TOKEN}, else the 0600 file).
 */
public record RunningSupervisor(
    SupervisorRow row, SupervisorCredential credential, SupervisorPaths paths) {

  public String url() {
    return row.url();
  }

  public String token() {
    return credential.token();
  }

  /** The supervisor of this user, if one runs and proves itself with the token file. */
  public static Optional<RunningSupervisor> find(SupervisorPaths paths) {
    return find(paths, Map.of());
  }

  /** As {@link #find(SupervisorPaths)}, with {@code KXM_RUNTIME_TOKEN} from {@code env} first. */
  public static Optional<RunningSupervisor> find(SupervisorPaths paths, Map<String, String> env) {
    Optional<SupervisorRow> row = row(paths);
    Optional<SupervisorCredential> credential = SupervisorCredential.resolve(paths, env);
    if (row.isEmpty() || credential.isEmpty()) {
      return Optional.empty();
    }
    SupervisorRow r = row.get();
    String token = credential.get().token();
    if (!r.state().equals("running") || !r.processAlive()) {
      return Optional.empty();
    }
    if (!r.tokenSha256().equals(SupervisorToken.hash(token))) {
      return Optional.empty();
    }
    // The probe sends a nonce, never the token, so it may go to any URL the row names.
    if (!SupervisorProbe.verified(r.url(), token)) {
      return Optional.empty();
    }
    return Optional.of(new RunningSupervisor(r, credential.get(), paths));
  }

  /** The registry row as it is, live or stale; empty before the first start. */
  public static Optional<SupervisorRow> row(SupervisorPaths paths) {
    return Registry.peek(paths.registry());
  }
}

package io.kxm.cli.hub.runtime;

import io.kxm.cli.runtime.RunningSupervisor;
import io.kxm.cli.runtime.SupervisorClient;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.supervisor.SupervisorPaths;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Finds the user's supervisor for each call, as the CLI does ({@link RunningSupervisor#find}: the
 * registry row and the token proof), so a supervisor started or restarted after the hub is found. A
 * supervisor that is absent, away or does not accept its token answers the browser {@code
 * runtime_unavailable}, never the supervisor's token error, which would name a credential the
 * browser never had.
 */
final class SupervisorAccess {
  /** Console reads and answers are quick; a supervisor slower than this counts as away. */
  private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

  private static final Set<ErrorCode> AWAY =
      Set.of(
          ErrorCode.RUNTIME_UNREACHABLE,
          ErrorCode.RUNTIME_TOKEN_INVALID,
          ErrorCode.RUNTIME_TOKEN_NOT_SENT,
          ErrorCode.SERVER_DRAINING);

  private final SupervisorPaths paths;
  private final Map<String, String> env;

  SupervisorAccess(SupervisorPaths paths, Map<String, String> env) {
    this.paths = paths;
    this.env = Map.copyOf(env);
  }

  /**
   * @throws KxmException {@code runtime_unavailable} when no supervisor runs or proves itself
   */
  RunningSupervisor require() {
    return RunningSupervisor.find(paths, env)
        .orElseThrow(() ->
            new KxmException(
                ErrorCode.RUNTIME_UNAVAILABLE,
                "no runtime supervisor runs for this hub's user (state under "
                    + paths.runtimeDir()
                    + ")"));
  }

  /** Runs {@code call} on a client of the running supervisor, mapping an absent one to 503. */
  <T> T call(java.util.function.Function<SupervisorClient, T> call) {
    SupervisorClient client = new SupervisorClient(require()).withTimeout(CALL_TIMEOUT);
    return mapped(() -> call.apply(client));
  }

  /**
   * {@code work}'s value, with a supervisor that went away refused as {@code runtime_unavailable}.
   */
  static <T> T mapped(Supplier<T> work) {
    try {
      return work.get();
    } catch (KxmException e) {
      if (AWAY.contains(e.code())) {
        throw unavailable(e);
      }
      throw e;
    }
  }

  static KxmException unavailable(Exception cause) {
    return new KxmException(
        ErrorCode.RUNTIME_UNAVAILABLE,
        "the runtime supervisor did not answer the hub ("
            + (cause instanceof KxmException k ? k.code().code() : cause.getClass().getSimpleName())
            + ")",
        cause);
  }
}

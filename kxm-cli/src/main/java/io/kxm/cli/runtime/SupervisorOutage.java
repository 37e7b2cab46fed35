package io.kxm.cli.runtime;

import io.kxm.cli.CliContext;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.settings.EnvSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.Set;

/**
 * How long a command that follows a run keeps reconnecting to a supervisor that went away: a
 * restart reconciles every project before it serves again, which can take a while, so a watch waits
 * out {@code KXM_WATCH_RECONNECT_MS} (5 minutes by default) of no answer before it gives up.
 */
public final class SupervisorOutage {
  public static final String WINDOW_VARIABLE = "KXM_WATCH_RECONNECT_MS";
  private static final Duration DEFAULT_WINDOW = Duration.ofMinutes(5);
  private static final Set<ErrorCode> PASSING =
      Set.of(ErrorCode.RUNTIME_UNREACHABLE, ErrorCode.SERVER_DRAINING);

  private SupervisorOutage() {}

  /**
   * @throws KxmException {@code config_invalid} when the variable is set out of range
   */
  public static Duration window(CliContext context) {
    return EnvSettings.of(context.env())
        .millis(WINDOW_VARIABLE, DEFAULT_WINDOW, Duration.ofMillis(100), Duration.ofHours(24));
  }

  /** A dropped connection, or a supervisor that is away or draining for now. */
  public static boolean passing(Throwable failure) {
    return failure instanceof IOException
        || (failure instanceof KxmException e && PASSING.contains(e.code()));
  }
}

package io.kxm.core.agent;

import java.time.Duration;

/** Size and time limits on agent records; the hub refuses larger input before it gets here. */
public final class AgentLimits {
  public static final int PROJECT_CHARS = 128;
  public static final int NAME_CHARS = 80;
  public static final int PURPOSE_CHARS = 2_000;
  public static final int LABEL_CHARS = 200;
  public static final Duration MIN_PRESENCE = Duration.ofSeconds(1);
  public static final Duration MAX_PRESENCE = Duration.ofDays(1);

  private AgentLimits() {}
}

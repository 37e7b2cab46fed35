package io.kxm.core.workflow;

import java.time.Duration;

/**
 * Every bound on workflow input, as the tool reference documents it. Records, deciders and the tool
 * schemas read these constants, so a limit is stated once.
 */
public final class WorkflowLimits {
  /** Run, stage, workflow and message IDs, requirement keys and agent names. */
  public static final int ID_MAX = 128;

  public static final int SUMMARY_MAX = 4_000;
  public static final int EVIDENCE_KEYS_MAX = 64;
  public static final int EVIDENCE_VALUE_MAX = 1_000;
  public static final int EVIDENCE_REF_REQUIREMENTS_MAX = 32;
  public static final int EVIDENCE_REF_IDS_MAX = 16;

  /** Attempts of one stage in one run; a workflowContext names attempts 1 to 20. */
  public static final int ATTEMPTS_MAX = 20;

  public static final int SIGNAL_KEY_MAX = 128;
  public static final Duration WAIT_MIN = Duration.ofSeconds(1);
  public static final Duration WAIT_MAX = Duration.ofDays(30);
  public static final Duration WAIT_DEFAULT = Duration.ofHours(24);

  /** How far a signed timestamp may be from the hub's clock, either way, unless configured. */
  public static final Duration REPLAY_WINDOW_DEFAULT = Duration.ofMinutes(5);

  public static final Duration REPLAY_WINDOW_MAX = Duration.ofHours(1);

  /** Transitions a run may take in total when its definition names no budget. */
  public static final int TRANSITIONS_DEFAULT = 20;

  /** Finished runs and their journal stay this long after they end. */
  public static final Duration RETENTION_DEFAULT = Duration.ofDays(7);

  /** A rendered coordinator prompt becomes a message, so it obeys the message body limit. */
  public static final int PROMPT_MAX = 32_000;

  private WorkflowLimits() {}
}

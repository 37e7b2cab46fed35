package io.kxm.core.context;

import java.time.Duration;

/** The bounds of context items and of the five context tools. */
public final class ContextLimits {
  private ContextLimits() {}

  public static final int SUMMARY_MAX = 4_000;
  public static final int KEY_MAX = 200;
  public static final int ID_MAX = 128;
  public static final int REF_MAX = 200;
  public static final int REFS_MAX = 32;
  public static final int NAME_MAX = 80;
  public static final int ROLE_MAX = 64;
  public static final int TASK_MAX = 2_000;
  public static final int QUERY_MAX = 500;
  public static final int RECALL_LIMIT_MAX = 100;
  public static final int RECALL_LIMIT_DEFAULT = 25;
  public static final int BUDGET_MIN = 512;
  public static final int BUDGET_MAX = 200_000;
  public static final int EPISODES_MAX = 50;
  public static final int PROPOSALS_LIST_MAX = 200;

  /** Items a packet or a recall ranks at most; the newest current ones of the project. */
  public static final int CANDIDATES_MAX = 5_000;

  /** How long superseded, rejected and expired items stay readable by {@code asOf}. */
  public static final Duration RETENTION_DEFAULT = Duration.ofDays(7);
}

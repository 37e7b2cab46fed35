package io.kxm.core.workflow.journal;

/** Bounds on a journal entry, as {@code kxm_workflow_record} documents them. */
public final class JournalLimits {
  public static final int SUMMARY_MAX = 1_000;
  public static final int DETAILS_MAX = 8_000;
  public static final int EVIDENCE_ITEMS_MAX = 32;
  public static final int EVIDENCE_ITEM_MAX = 1_000;
  public static final int RELATIONS_MAX = 16;

  private JournalLimits() {}
}

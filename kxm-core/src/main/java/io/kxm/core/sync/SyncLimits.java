package io.kxm.core.sync;

import java.util.regex.Pattern;

/** Limits and shapes of runtime sync events, shared by the runtime that sends and the hub. */
public final class SyncLimits {
  /** Most events in one push. */
  public static final int MAX_BATCH = 100;

  /** Largest push body in bytes; the hub refuses a larger one whole. */
  public static final int MAX_BODY_BYTES = 512 * 1024;

  /** Largest {@code data} object of one event, serialized, in bytes. */
  public static final int MAX_DATA_BYTES = 16 * 1024;

  /** Run IDs, runtime IDs, step IDs and other identifiers that may leave the machine. */
  public static final Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._:-]{0,127}");

  /** Event types ({@code run.created}) and status or outcome words ({@code waiting}). */
  public static final Pattern WORD = Pattern.compile("[a-z][a-z0-9_.-]{0,63}");

  /** Project names, as the hub's tokens name them. */
  public static final Pattern PROJECT = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

  private SyncLimits() {}
}

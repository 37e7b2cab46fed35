package io.kxm.runtime.api;

import java.util.Locale;

/** How an operator resolves a run blocked on a gate outcome that could not be proven. */
public enum RecoveryAction {
  RETRY,
  UNBLOCK,
  FAIL,
  CANCEL;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}

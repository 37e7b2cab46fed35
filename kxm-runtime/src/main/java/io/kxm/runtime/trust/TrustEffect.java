package io.kxm.runtime.trust;

import java.util.Locale;

/** What a change does to the permissions a reviewed {@code .kxm/} grants. */
public enum TrustEffect {
  /** More can run, more agents or routes or commands are admitted, or a limit was raised. */
  WIDENING,
  /** Less is allowed than before. */
  NARROWING,
  /** Words only (descriptions, prompts, memory text): no permission moved. */
  NEUTRAL;

  public String wire() {
    return name().toLowerCase(Locale.ROOT);
  }
}

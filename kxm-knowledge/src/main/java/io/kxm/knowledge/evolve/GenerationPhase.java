package io.kxm.knowledge.evolve;

import java.util.Locale;

/**
 * Where a generation stands; stored, so a resumed run continues with the phase that was cut off
 * instead of starting the generation over.
 */
public enum GenerationPhase {
  ATTEMPTS,
  FORUM,
  DISTILL,
  DONE;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static GenerationPhase fromWire(String wire) {
    return valueOf(wire.toUpperCase(Locale.ROOT));
  }
}

package io.kxm.hub.messaging;

import io.kxm.core.error.KxmException;

/**
 * What a transaction decided: a value, or a refusal to raise only after the commit. A refusal may
 * come with writes that must stand, such as expiring a request the caller answered too late, so it
 * cannot be thrown inside the transaction, which would roll them back.
 */
record Outcome<T>(T value, KxmException refusal) {

  static <T> Outcome<T> ok(T value) {
    return new Outcome<>(value, null);
  }

  static <T> Outcome<T> refused(KxmException refusal) {
    return new Outcome<>(null, refusal);
  }

  T orThrow() {
    if (refusal != null) {
      throw refusal;
    }
    return value;
  }
}

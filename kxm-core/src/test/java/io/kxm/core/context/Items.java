package io.kxm.core.context;

import java.time.Instant;
import java.util.List;

/** Context items for tests. */
final class Items {
  static final Instant T0 = Instant.parse("2030-01-01T00:00:00Z");

  private Items() {}

  static ContextItem item(String id, ContextOrigin origin, Authority authority) {
    return item(id, ContextKind.EVIDENCE, "summary of " + id, origin, authority);
  }

  static ContextItem item(
      String id, ContextKind kind, String summary, ContextOrigin origin, Authority authority) {
    return new ContextItem(
        id,
        "alpha",
        kind,
        kind == ContextKind.STATE ? "key." + id : null,
        summary,
        origin,
        authority,
        Confidence.PROBABLE,
        Validity.CURRENT,
        List.of("jrn_1"),
        List.of(),
        "tester",
        T0,
        T0,
        null);
  }
}

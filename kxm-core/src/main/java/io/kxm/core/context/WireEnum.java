package io.kxm.core.context;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Reads the lower-case wire form of the context enums, refusing anything else with a code. */
final class WireEnum {
  private WireEnum() {}

  static String wire(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }

  static <E extends Enum<E>> E parse(Class<E> type, String value, String field, ErrorCode code) {
    for (E candidate : type.getEnumConstants()) {
      if (wire(candidate).equals(value)) {
        return candidate;
      }
    }
    String allowed =
        Arrays.stream(type.getEnumConstants())
            .map(WireEnum::wire)
            .collect(Collectors.joining(", "));
    throw new KxmException(
        code,
        field + " '" + value + "' is not one of " + allowed,
        "Use one of " + allowed + " for " + field + ".");
  }
}

package io.kxm.core.settings;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Typed reads of {@code KXM_*} settings from an environment map, the one place that parses them. An
 * unset or blank variable yields the fallback; any other value that does not fit is refused with
 * {@code config_invalid}, naming the variable, what is wrong with the value and what is allowed.
 */
public final class EnvSettings {
  private final Map<String, String> env;

  private EnvSettings(Map<String, String> env) {
    this.env = Objects.requireNonNull(env, "env");
  }

  public static EnvSettings of(Map<String, String> env) {
    return new EnvSettings(env);
  }

  /** The trimmed value, or {@code null} when the variable is unset or blank. */
  public String string(String name) {
    String value = env.get(name);
    return value == null || value.isBlank() ? null : value.strip();
  }

  public String string(String name, String fallback) {
    String value = string(name);
    return value == null ? fallback : value;
  }

  /** A whole number from {@code min} to {@code max}, both included. */
  public long number(String name, long fallback, long min, long max) {
    String value = string(name);
    if (value == null) {
      return fallback;
    }
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= min && parsed <= max) {
        return parsed;
      }
    } catch (NumberFormatException e) {
      // Refused below with the allowed range, the same as an out-of-range number.
    }
    throw invalid(name, "must be a whole number " + range(min, max) + ", got '" + value + "'");
  }

  /** As {@link #number}, for settings held in an {@code int}. */
  public int integer(String name, int fallback, int min, int max) {
    return (int) number(name, fallback, min, max);
  }

  /** A whole number of milliseconds from {@code min} to {@code max}, both included. */
  public Duration millis(String name, Duration fallback, Duration min, Duration max) {
    String value = string(name);
    if (value == null) {
      return fallback;
    }
    long low = min.toMillis();
    long high = max.toMillis();
    try {
      long parsed = Long.parseLong(value);
      if (parsed >= low && parsed <= high) {
        return Duration.ofMillis(parsed);
      }
    } catch (NumberFormatException e) {
      // Refused below with the allowed range, the same as an out-of-range number.
    }
    throw invalid(
        name,
        "must be a whole number of milliseconds " + range(low, high) + ", got '" + value + "'");
  }

  /** One of the constants of {@code type}, matched without regard to case. */
  public <E extends Enum<E>> E choice(String name, Class<E> type, E fallback) {
    String value = string(name);
    if (value == null) {
      return fallback;
    }
    for (E constant : type.getEnumConstants()) {
      if (constant.name().equalsIgnoreCase(value)) {
        return constant;
      }
    }
    List<String> allowed = new ArrayList<>();
    for (E constant : type.getEnumConstants()) {
      allowed.add(constant.name().toLowerCase(Locale.ROOT));
    }
    throw invalid(name, "must be one of " + String.join(", ", allowed) + ", got '" + value + "'");
  }

  /** A comma-separated list, unmodifiable; blank entries are skipped. */
  public List<String> list(String name) {
    String value = string(name);
    List<String> items = new ArrayList<>();
    if (value != null) {
      for (String item : value.split(",")) {
        if (!item.isBlank()) {
          items.add(item.strip());
        }
      }
    }
    return List.copyOf(items);
  }

  /**
   * A comma-separated list of {@code key=value} pairs, in the order given. A refusal never shows an
   * entry, since the right-hand sides are secrets.
   */
  public Map<String, String> pairs(String name) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String item : list(name)) {
      int eq = item.indexOf('=');
      if (eq <= 0 || eq == item.length() - 1) {
        throw invalid(
            name,
            "entries must look like project=token; entry " + (pairs.size() + 1) + " does not");
      }
      String key = item.substring(0, eq).strip();
      if (pairs.put(key, item.substring(eq + 1).strip()) != null) {
        throw invalid(name, "names project '" + key + "' twice");
      }
    }
    return pairs;
  }

  /** The refusal of a setting: {@code name} followed by {@code problem}. */
  public static KxmException invalid(String name, String problem) {
    return new KxmException(ErrorCode.CONFIG_INVALID, name + " " + problem);
  }

  private static String range(long min, long max) {
    return max == Long.MAX_VALUE ? "of at least " + min : "from " + min + " to " + max;
  }
}

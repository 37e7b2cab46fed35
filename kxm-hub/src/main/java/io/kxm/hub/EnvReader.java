package io.kxm.hub;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads typed settings from an environment map; every refusal names the variable. */
final class EnvReader {
  private final Map<String, String> env;

  EnvReader(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  /** The trimmed value, or {@code null} when the variable is unset or blank. */
  String string(String name) {
    String value = env.get(name);
    return value == null || value.isBlank() ? null : value.trim();
  }

  String string(String name, String fallback) {
    String value = string(name);
    return value == null ? fallback : value;
  }

  long number(String name, long fallback, long min, long max) {
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
      // Reported below with the allowed range, the same as an out-of-range number.
    }
    throw invalid(
        name, "must be a whole number from " + min + " to " + max + ", got '" + value + "'");
  }

  /** A comma-separated list; empty entries are ignored. */
  List<String> list(String name) {
    String value = string(name);
    List<String> items = new ArrayList<>();
    if (value != null) {
      for (String item : value.split(",")) {
        if (!item.isBlank()) {
          items.add(item.trim());
        }
      }
    }
    return items;
  }

  /** A comma-separated list of {@code key=value} pairs, in the order given. */
  Map<String, String> pairs(String name) {
    Map<String, String> pairs = new LinkedHashMap<>();
    for (String item : list(name)) {
      int eq = item.indexOf('=');
      if (eq <= 0 || eq == item.length() - 1) {
        // Never echo the entry: its right-hand side is a secret.
        throw invalid(
            name,
            "entries must look like project=token; entry " + (pairs.size() + 1) + " does not");
      }
      String key = item.substring(0, eq).trim();
      if (pairs.put(key, item.substring(eq + 1).trim()) != null) {
        throw invalid(name, "names project '" + key + "' twice");
      }
    }
    return pairs;
  }

  static KxmException invalid(String name, String problem) {
    return new KxmException(ErrorCode.CONFIG_INVALID, name + " " + problem);
  }
}

package io.kxm.runtime.trust;

import io.kxm.core.json.Json;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Collects the classified changes of one file, with the comparisons every kind of file shares:
 * limits that move up or down, string sets that gain or lose members, and fields no rule knows.
 */
final class Changes {
  private final String file;
  private final List<TrustChange> out;
  private int recorded;

  Changes(String file, List<TrustChange> out) {
    this.file = file;
    this.out = out;
  }

  String file() {
    return file;
  }

  /** How many changes this file has recorded so far. */
  int recorded() {
    return recorded;
  }

  void add(
      TrustEffect effect,
      String path,
      String change,
      String reason,
      JsonNode before,
      JsonNode after) {
    out.add(new TrustChange(file, path, effect, change, reason, json(before), json(after)));
    recorded++;
  }

  void widening(String path, String change, String reason, JsonNode before, JsonNode after) {
    add(TrustEffect.WIDENING, path, change, reason, before, after);
  }

  void narrowing(String path, String change, String reason, JsonNode before, JsonNode after) {
    add(TrustEffect.NARROWING, path, change, reason, before, after);
  }

  void neutral(String path, String change, String reason, JsonNode before, JsonNode after) {
    add(TrustEffect.NEUTRAL, path, change, reason, before, after);
  }

  /** A value whose every change widens, such as a route or a gate's argv. */
  void widenIfChanged(
      JsonNode before, JsonNode after, String field, String path, String change, String reason) {
    if (differ(value(before, field), value(after, field))) {
      widening(path, change, reason, value(before, field), value(after, field));
    }
  }

  /** A value whose changes grant nothing, such as a description. */
  void neutralIfChanged(
      JsonNode before, JsonNode after, String field, String path, String change, String reason) {
    if (differ(value(before, field), value(after, field))) {
      neutral(path, change, reason, value(before, field), value(after, field));
    }
  }

  /**
   * An upper bound: raising it widens, lowering it narrows. {@code unset} is what an absent value
   * means; a negative {@code unset} stands for no bound at all.
   */
  void limit(JsonNode before, JsonNode after, String field, String path, String what, long unset) {
    JsonNode b = value(before, field);
    JsonNode a = value(after, field);
    if (!differ(b, a)) {
      return;
    }
    if (!readableBound(b) || !readableBound(a)) {
      widening(
          path, "limit-unreadable", what + " is not a whole number, so it bounds nothing", b, a);
      return;
    }
    long from = bound(b, unset);
    long to = bound(a, unset);
    if (from == to) {
      add(TrustEffect.NEUTRAL, path, "limit-restated", what + " is unchanged in effect", b, a);
    } else if (to > from) {
      widening(path, "limit-raised", what + " raised from " + show(from) + " to " + show(to), b, a);
    } else {
      narrowing(
          path, "limit-lowered", what + " lowered from " + show(from) + " to " + show(to), b, a);
    }
  }

  /**
   * A list of grants (agents, tools): members added widen, members removed narrow. When the list is
   * not a plain list of strings on both sides, any change widens, since it cannot be read as a set.
   */
  void grants(
      JsonNode before, JsonNode after, String field, String path, String change, String what) {
    JsonNode b = value(before, field);
    JsonNode a = value(after, field);
    if (!differ(b, a)) {
      return;
    }
    if (!isStringList(b) || !isStringList(a)) {
      widening(path, change + "-changed", what + " changed and cannot be compared as a list", b, a);
      return;
    }
    Set<String> from = strings(b);
    Set<String> to = strings(a);
    if (from.equals(to)) {
      neutral(path, change + "-reordered", what + " are listed in another order", b, a);
      return;
    }
    for (String added : to) {
      if (!from.contains(added)) {
        widening(
            path,
            change + "-granted",
            what + " gains " + added,
            null,
            Json.MAPPER.valueToTree(added));
      }
    }
    for (String removed : from) {
      if (!to.contains(removed)) {
        narrowing(
            path,
            change + "-revoked",
            what + " loses " + removed,
            Json.MAPPER.valueToTree(removed),
            null);
      }
    }
  }

  /**
   * The {@code sandbox} flag of a gate or route: turning it off lets the command reach the network,
   * the home folder and the whole file system again, so it widens; turning it on narrows.
   */
  void sandbox(JsonNode before, JsonNode after, String path, String subject) {
    boolean was = before != null && before.path("sandbox").asBoolean(false);
    boolean is = after != null && after.path("sandbox").asBoolean(false);
    if (was == is) {
      return;
    }
    JsonNode from = value(before, "sandbox");
    JsonNode to = value(after, "sandbox");
    if (was) {
      widening(path + ".sandbox", "sandbox-off", subject + " runs outside the sandbox", from, to);
    } else {
      narrowing(path + ".sandbox", "sandbox-on", subject + " runs inside the sandbox", from, to);
    }
  }

  /** Fields no rule knows: any change to them widens, to be safe. */
  void unknownFields(JsonNode before, JsonNode after, String path, Set<String> known) {
    Set<String> names = new LinkedHashSet<>();
    if (before != null && before.isObject()) {
      names.addAll(before.propertyNames());
    }
    if (after != null && after.isObject()) {
      names.addAll(after.propertyNames());
    }
    for (String name : names) {
      if (!known.contains(name)) {
        widenIfChanged(
            before,
            after,
            name,
            path + "." + name,
            "unknown-field",
            "'"
                + name
                + "' is not a field the trust review knows, so its change counts as widening");
      }
    }
  }

  JsonNode asJson(Object value) {
    return Json.MAPPER.valueToTree(value);
  }

  /**
   * Widens when either side is present but not a list; returns whether both are lists or absent, so
   * the caller may compare them entry by entry.
   */
  boolean lists(JsonNode before, JsonNode after, String path) {
    boolean readable = (before == null || before.isArray()) && (after == null || after.isArray());
    if (!readable) {
      widening(
          path,
          "unreadable-list",
          "expected a list here, so its change counts as widening",
          before,
          after);
    }
    return readable;
  }

  static JsonNode value(JsonNode node, String field) {
    if (node == null || !node.isObject() || !node.has(field)) {
      return null;
    }
    return node.get(field);
  }

  static boolean differ(JsonNode a, JsonNode b) {
    return !Objects.equals(a, b);
  }

  static String text(JsonNode node, String field) {
    JsonNode v = value(node, field);
    return v == null ? null : v.isString() ? v.asString() : v.toString();
  }

  static boolean isStringList(JsonNode node) {
    if (node == null) {
      return true;
    }
    if (!node.isArray()) {
      return false;
    }
    for (JsonNode v : node) {
      if (!v.isString()) {
        return false;
      }
    }
    return true;
  }

  static Set<String> strings(JsonNode list) {
    Set<String> out = new LinkedHashSet<>();
    if (list != null) {
      list.forEach(v -> out.add(v.asString()));
    }
    return out;
  }

  private static boolean readableBound(JsonNode value) {
    return value == null
        || value.isNull()
        || (value.isIntegralNumber() && value.canConvertToLong());
  }

  private static long bound(JsonNode value, long unset) {
    if (value == null || value.isNull()) {
      return unset < 0 ? Long.MAX_VALUE : unset;
    }
    return value.asLong();
  }

  private static String show(long bound) {
    return bound == Long.MAX_VALUE ? "unbounded" : Long.toString(bound);
  }

  private static String json(JsonNode node) {
    return node == null ? null : Json.write(node);
  }
}

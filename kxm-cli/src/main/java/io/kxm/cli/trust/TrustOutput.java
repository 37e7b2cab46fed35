package io.kxm.cli.trust;

import io.kxm.core.json.Json;
import io.kxm.runtime.trust.TrustChange;
import io.kxm.runtime.trust.TrustDiff;
import io.kxm.runtime.trust.TrustEffect;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Prints a trust diff: one line per change, or one JSON object for machines. */
final class TrustOutput {
  private TrustOutput() {}

  static void print(PrintWriter out, TrustDiff diff, boolean json) {
    if (json) {
      out.println(Json.write(body(diff)));
    } else {
      out.println(
          "permission diff of .kxm/ against "
              + diff.base()
              + " ("
              + diff.baseCommit().substring(0, 12)
              + "): "
              + diff.count(TrustEffect.WIDENING)
              + " widening, "
              + diff.count(TrustEffect.NARROWING)
              + " narrowing, "
              + diff.count(TrustEffect.NEUTRAL)
              + " neutral");
      for (TrustChange c : diff.changes()) {
        out.println(line(c));
      }
    }
    out.flush();
  }

  private static String line(TrustChange c) {
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT, "%-9s ", c.effect().wire()));
    s.append(c.file());
    if (!c.path().equals("$")) {
      s.append(' ').append(c.path());
    }
    s.append(": ").append(c.reason()).append(" [").append(c.change()).append(']');
    if (c.before() != null || c.after() != null) {
      s.append("\n          ").append(show(c.before())).append(" -> ").append(show(c.after()));
    }
    return s.toString();
  }

  private static String show(String value) {
    return value == null ? "(none)" : value;
  }

  private static Map<String, Object> body(TrustDiff diff) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("base", diff.base());
    body.put("baseCommit", diff.baseCommit());
    body.put("widens", diff.widens());
    Map<String, Long> counts = new LinkedHashMap<>();
    for (TrustEffect e : TrustEffect.values()) {
      counts.put(e.wire(), diff.count(e));
    }
    body.put("counts", counts);
    List<Map<String, Object>> changes = new ArrayList<>();
    for (TrustChange c : diff.changes()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("file", c.file());
      m.put("path", c.path());
      m.put("effect", c.effect().wire());
      m.put("change", c.change());
      m.put("reason", c.reason());
      m.put("before", c.before());
      m.put("after", c.after());
      changes.add(m);
    }
    body.put("changes", changes);
    return body;
  }
}

package io.kxm.cli.studio;

import io.kxm.core.secret.Redactor;
import io.kxm.runtime.studio.StudioLayout;
import java.io.PrintWriter;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The text form of a layout: the stepper as a numbered list, lanes, and the DAG by layer. */
final class StudioText {
  private StudioText() {}

  static void print(PrintWriter out, StudioLayout layout, String view) {
    out.println("workflow " + layout.workflow() + " (" + layout.source() + ")");
    if (view == null || view.equals("stepper")) {
      out.println("stepper:");
      List<StudioLayout.Step> steps = layout.stepper();
      int width = steps.stream().mapToInt(s -> s.id().length()).max().orElse(0);
      for (int i = 0; i < steps.size(); i++) {
        StudioLayout.Step s = steps.get(i);
        out.printf(
            "  %2d. %-" + width + "s  %-8s  %s%n", i + 1, s.id(), s.kind(), clean(s.detail()));
      }
    }
    if (view == null || view.equals("swimlane")) {
      out.println("swimlanes:");
      for (StudioLayout.Lane lane : layout.swimlane().lanes()) {
        out.println("  " + clean(lane.label()) + ": " + String.join(" -> ", lane.steps()));
      }
    }
    if (view == null || view.equals("dag")) {
      out.println("dag:");
      Map<Integer, StringBuilder> layers = new TreeMap<>();
      for (StudioLayout.Node n : layout.dag().nodes()) {
        StringBuilder line = layers.computeIfAbsent(n.layer(), k -> new StringBuilder());
        line.append(line.isEmpty() ? "" : "  ").append('[').append(n.id()).append(']');
      }
      layers.forEach((layer, line) -> out.println("  layer " + layer + ": " + line));
      for (StudioLayout.Edge e : layout.dag().edges()) {
        out.println("  " + e.from() + " -> " + e.to() + " (" + e.label() + ")");
      }
    }
  }

  private static String clean(String text) {
    return Redactor.redact(text);
  }
}

package io.kxm.cli.dash;

import java.io.PrintWriter;

/** The words of the dash: its title, the key line, empty panels, and the {@code --once} text. */
final class DashText {
  private DashText() {}

  static String title(DashSnapshot s) {
    return "kxm dash  hub "
        + (s.hub() == null ? "not read" : s.hub() + " seq " + s.seq())
        + "  supervisor "
        + (s.supervisor() == null ? "none" : s.supervisor());
  }

  static String keys(DashPanel panel, boolean eventsOpen) {
    if (eventsOpen) {
      return "o/Esc close events  q close";
    }
    String own = panel.keys().isEmpty() ? "" : panel.keys() + "  ";
    return own + "Tab/arrows move  1-" + DashPanel.values().length + " tab  q quit";
  }

  static String empty(DashPanel panel, DashSnapshot s) {
    return switch (panel) {
      case AGENTS, REQUESTS, WORKFLOWS, RESERVATIONS ->
          s.hub() == null ? "(the hub is not read: set KXM_AUTH_TOKEN)" : "(none)";
      case RUNS, WAITING, SPEND ->
          s.supervisor() == null ? "(no supervisor runs on this machine)" : "(none)";
    };
  }

  /** What {@code kxm dash --once} prints without {@code --json}. */
  static void print(PrintWriter out, DashSnapshot s) {
    out.println(title(s));
    for (DashPanel panel : DashPanel.values()) {
      out.println();
      out.println(panel.title() + " (" + s.rows(panel).size() + ")  " + panel.header());
      if (s.rows(panel).isEmpty()) {
        out.println("  " + empty(panel, s));
      }
      for (DashRow row : s.rows(panel)) {
        out.println("  " + row.text());
      }
    }
    if (!s.problems().isEmpty()) {
      out.println();
      s.problems().forEach(p -> out.println("problem: " + p));
    }
  }
}

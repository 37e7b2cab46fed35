package io.kxm.bench;

import java.util.Locale;

/** The one table the suite prints, as Markdown so the same text goes to docs/performance.md. */
public final class Table {
  private Table() {}

  public static String markdown(Report report) {
    StringBuilder sb = new StringBuilder();
    sb.append("| scenario | baseline (what, figure) | product figure | ratio | target |\n");
    sb.append("|---|---|---|---|---|\n");
    for (Row r : report.rows()) {
      sb.append("| ")
          .append(cell(r.scenario()))
          .append(" | ")
          .append(
              r.baseline() == null ? "none" : cell(r.baselineWhat() + ": " + r.baseline().text()))
          .append(" | ")
          .append(r.product() == null ? "" : cell(r.product().text()))
          .append(" | ")
          .append(r.compared() ? ratio(r) : "")
          .append(" | ")
          .append(r.target() == null ? "" : r.target().toString())
          .append(" |\n");
    }
    return sb.toString();
  }

  public static String notices(Report report) {
    StringBuilder sb = new StringBuilder();
    for (String n : report.notices()) {
      sb.append("- ").append(n).append('\n');
    }
    return sb.toString();
  }

  private static String ratio(Row r) {
    double ratio = r.ratio();
    String text = String.format(Locale.ROOT, "%.2f", ratio);
    return r.target() == null ? text : text + (r.target().met(ratio) ? " (met)" : " (missed)");
  }

  private static String cell(String text) {
    return text.replace("|", "\\|").replace("\n", " ");
  }
}

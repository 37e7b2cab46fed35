package io.kxm.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Function;

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

  /**
   * Each curve the run measured as a table of its own, a row per size and a column per series,
   * under {@code ###} headings; {@code image} adds the chart's picture under each heading.
   */
  public static String curves(Report report, List<Curve> curves, Function<Curve, String> image) {
    StringBuilder sb = new StringBuilder();
    for (Curve curve : curves) {
      if (!curve.drawable(report)) {
        continue;
      }
      sb.append("### ").append(curve.title()).append("\n\n");
      if (image != null) {
        sb.append("![")
            .append(curve.title())
            .append("](")
            .append(image.apply(curve))
            .append(")\n\n");
      }
      List<List<Curve.Plotted>> series = curve.plotted(report);
      sb.append("| ").append(cell(curve.x()));
      curve.series().forEach(s -> sb.append(" | ").append(cell(s.label())));
      sb.append(" |\n|---");
      curve.series().forEach(s -> sb.append("|---"));
      sb.append("|\n");
      TreeSet<Double> sizes = new TreeSet<>();
      series.forEach(points -> points.forEach(p -> sizes.add(p.size())));
      for (double size : sizes) {
        sb.append("| ").append(Curve.sizeText(size));
        for (List<Curve.Plotted> points : series) {
          String value =
              points.stream()
                  .filter(p -> p.size() == size)
                  .findFirst()
                  .map(p -> valueText(p.figure()))
                  .orElse("");
          sb.append(" | ").append(cell(value));
        }
        sb.append(" |\n");
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  /** {@code 3,100 msgs/s (2,900–3,300)}: the figure without its metric's name. */
  private static String valueText(Figure f) {
    return Figure.number(f.median())
        + " "
        + f.metric().unit()
        + " ("
        + Figure.number(f.min())
        + "–"
        + Figure.number(f.max())
        + ")";
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

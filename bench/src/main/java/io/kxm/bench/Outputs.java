package io.kxm.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/** Writes a report as JSON ({@code --json}) and as the project's docs/performance.md. */
public final class Outputs {
  private Outputs() {}

  public static void json(Report report, Path file) throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("at", report.at().toString());
    root.put("mode", report.quick() ? "quick" : "full");
    root.put("machine", report.machine());
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Row r : report.rows()) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("scenario", r.scenario());
      row.put("baselineWhat", r.baselineWhat());
      row.put("baseline", r.baseline() == null ? null : figure(r.baseline()));
      row.put("product", r.product() == null ? null : figure(r.product()));
      row.put("ratio", r.compared() ? r.ratio() : null);
      row.put("target", r.target() == null ? null : r.target().toString());
      row.put("targetMet", r.compared() && r.target() != null ? r.target().met(r.ratio()) : null);
      rows.add(row);
    }
    root.put("rows", rows);
    root.put("productFigures", productFigures(report));
    root.put("notices", report.notices());
    createParent(file);
    JsonMapper.shared().writerWithDefaultPrettyPrinter().writeValue(file.toFile(), root);
  }

  /**
   * Writes the Markdown report to {@code file} and each measured curve's chart beside it, in the
   * folder {@code performance/}.
   */
  public static void docs(Report report, List<Curve> curves, Path file) throws IOException {
    Path charts = file.toAbsolutePath().resolveSibling("performance");
    Files.createDirectories(charts);
    for (Curve curve : curves) {
      if (curve.drawable(report)) {
        Files.writeString(charts.resolve(curve.name() + ".svg"), CurveSvg.draw(curve, report));
      }
    }
    String grown = Table.curves(report, curves, c -> "performance/" + c.name() + ".svg");
    String text =
        "# Performance\n\n"
            + "Written by `bench/run"
            + (report.quick() ? " --quick" : "")
            + "` on "
            + report.at()
            + ". Each figure is the median of its repetitions, with the smallest and largest in"
            + " brackets; the ratio is product over baseline, both measured in the same run on"
            + " this machine. Rows without a product figure are raw baselines whose product"
            + " scenario is not wired yet; rows without a baseline report a product figure for"
            + " its own sake.\n\n"
            + "Machine: "
            + report.machine().line()
            + ".\n\n"
            + Table.markdown(report)
            + (report.notices().isEmpty() ? "" : "\n" + Table.notices(report))
            + (grown.isEmpty()
                ? ""
                : "\n## How cost grows\n\nEach chart is drawn from rows of the table above: the"
                    + " median of each point, with a bar from its smallest to its largest"
                    + " repetition; sizes on a logarithmic axis.\n\n"
                    + grown);
    Files.writeString(file, text);
  }

  private static Map<String, Object> productFigures(Report report) {
    Map<String, Object> byScenario = new java.util.TreeMap<>();
    report
        .productFigures()
        .forEach((name, figures) ->
            byScenario.put(name, figures.stream().map(Outputs::figure).toList()));
    return byScenario;
  }

  private static Map<String, Object> figure(Figure f) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("metric", f.metric().name());
    m.put("unit", f.metric().unit());
    m.put("median", f.median());
    m.put("min", f.min());
    m.put("max", f.max());
    m.put("reps", f.reps());
    return m;
  }

  private static void createParent(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
  }
}

package io.kxm.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class CurveTest {
  private static final Metric ONE = new Metric("1 agent", "msgs/s", Metric.Better.HIGHER);
  private static final Metric MANY = new Metric("16 agents", "msgs/s", Metric.Better.HIGHER);

  private final Curve curve =
      new Curve(
          "send-by-agents",
          "Send by agents",
          "agents",
          "msgs/s",
          List.of(
              new Curve.Series(
                  "SQLite",
                  List.of(
                      new Curve.Point(1, 1, "send", "1 agent"),
                      new Curve.Point(16, 4, "send", "16 agents"))),
              new Curve.Series(
                  "PostgreSQL", List.of(Curve.Point.at(1, "send-postgresql", "1 agent")))));

  private static Report report(boolean quick, Map<String, List<Figure>> figures) {
    return new Report(
        new Machine(2, "cpu", "1 GiB", "jdk", "os"),
        Instant.EPOCH,
        quick,
        List.of(),
        figures,
        List.of(),
        false);
  }

  private final Map<String, List<Figure>> figures =
      Map.of(
          "send",
          List.of(
              Figure.of(ONE, new double[] {900, 1000, 1100}), Figure.of(MANY, new double[] {4000})),
          "send-postgresql",
          List.of(Figure.of(ONE, new double[] {300})));

  @Test
  void a_curve_is_a_table_with_a_row_per_size_and_a_column_per_series() {
    String table = Table.curves(report(false, figures), List.of(curve), c -> "x/" + c.name());

    assertThat(table)
        .contains("### Send by agents")
        .contains("![Send by agents](x/send-by-agents)")
        .contains("| agents | SQLite | PostgreSQL |")
        .contains("| 1 | 1,000 msgs/s (900–1,100) | 300 msgs/s (300–300) |")
        .contains("| 16 | 4,000 msgs/s (4,000–4,000) |  |");
  }

  @Test
  void a_quick_run_places_its_points_at_the_quick_sizes() {
    String table = Table.curves(report(true, figures), List.of(curve), null);
    assertThat(table).contains("| 4 | 4,000 msgs/s").doesNotContain("| 16 |");
  }

  @Test
  void a_curve_with_fewer_than_two_points_in_every_series_is_left_out() {
    Report one = report(false, Map.of("send", List.of(Figure.of(ONE, new double[] {1}))));
    assertThat(curve.drawable(one)).isFalse();
    assertThat(Table.curves(one, List.of(curve), null)).isEmpty();
  }

  @Test
  void the_chart_is_well_formed_svg_with_a_dot_per_measured_point() throws Exception {
    String svg = CurveSvg.draw(curve, report(false, figures));
    Document doc =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));

    assertThat(doc.getDocumentElement().getTagName()).isEqualTo("svg");
    assertThat(doc.getElementsByTagName("circle").getLength()).isEqualTo(3);
    assertThat(doc.getElementsByTagName("path").getLength()).isEqualTo(1);
    assertThat(svg).contains(">Send by agents<").contains(">PostgreSQL<");
  }

  @Test
  void the_docs_hold_each_chart_beside_the_report(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("docs/performance.md");
    Outputs.docs(report(false, figures), List.of(curve), file);

    assertThat(Files.readString(file))
        .contains("## How cost grows")
        .contains("![Send by agents](performance/send-by-agents.svg)");
    assertThat(dir.resolve("docs/performance/send-by-agents.svg")).isRegularFile();
  }

  @Test
  void every_registered_curve_names_scenarios_and_metrics_the_suite_has() {
    Map<String, List<String>> metrics = new java.util.HashMap<>();
    for (Scenario s : Registry.scenarios()) {
      metrics.put(s.name(), s.product().metrics().stream().map(Metric::name).toList());
    }
    for (Curve c : Registry.curves()) {
      for (Curve.Series series : c.series()) {
        for (Curve.Point p : series.points()) {
          assertThat(metrics).as(c.name()).containsKey(p.scenario());
          assertThat(metrics.get(p.scenario())).as(c.name()).contains(p.metric());
        }
      }
    }
  }

  @Test
  void scenario_names_are_unique() {
    List<String> names = Registry.scenarios().stream().map(Scenario::name).toList();
    assertThat(names).doesNotHaveDuplicates();
  }
}

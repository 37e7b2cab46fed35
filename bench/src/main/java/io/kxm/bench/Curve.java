package io.kxm.bench;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How one cost grows with a size (agents, stored messages, subscribers): points picked from the
 * figures of one run, each a product metric of a scenario at a size, drawn as a chart in
 * docs/performance.md. The figures themselves are rows of the table like any other.
 *
 * @param name file name of the chart, {@code send-by-agents} for {@code send-by-agents.svg}
 * @param title the chart's heading
 * @param x what the sizes count, such as {@code concurrent agents}
 * @param y what the values are, with their unit, such as {@code msgs/s}
 */
public record Curve(String name, String title, String x, String y, List<Series> series) {

  public Curve {
    series = List.copyOf(series);
  }

  /** One line of the chart, such as the SQLite hub's throughput. */
  public record Series(String label, List<Point> points) {
    public Series {
      points = List.copyOf(points);
    }
  }

  /**
   * @param size where the point sits on the x axis in a full run
   * @param quickSize where it sits in a {@code --quick} run, which measures smaller sizes
   * @param scenario the {@link Scenario#name()} that measured it
   * @param metric the name of the product metric
   */
  public record Point(double size, double quickSize, String scenario, String metric) {
    /** A point at the same size in both runs. */
    public static Point at(double size, String scenario, String metric) {
      return new Point(size, size, scenario, metric);
    }
  }

  /** A size as the axis and the table print it: {@code 1,024}, or {@code 2.5} if not whole. */
  public static String sizeText(double size) {
    return size == Math.rint(size)
        ? String.format(java.util.Locale.ROOT, "%,d", (long) size)
        : Figure.number(size);
  }

  /** A measured point: its size and the figure found for it in the run. */
  public record Plotted(double size, Figure figure) {}

  /** Each series' points that the run measured, leaving out those it did not. */
  public List<List<Plotted>> plotted(Report report) {
    return series.stream()
        .map(s -> s.points().stream().flatMap(p -> find(report, p).stream()).toList())
        .toList();
  }

  /** Whether the run measured at least two points of one series, enough to draw a line. */
  public boolean drawable(Report report) {
    return plotted(report).stream().anyMatch(points -> points.size() >= 2);
  }

  private static Optional<Plotted> find(Report report, Point p) {
    Map<String, List<Figure>> figures = report.productFigures();
    return figures.getOrDefault(p.scenario(), List.of()).stream()
        .filter(f -> f.metric().name().equals(p.metric()))
        .findFirst()
        .map(f -> new Plotted(report.quick() ? p.quickSize() : p.size(), f));
  }
}

package io.kxm.bench;

import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Draws a {@link Curve} as a small SVG line chart: sizes on a logarithmic x axis (they grow by
 * orders of magnitude), values on a linear y axis from zero, each point with a bar from the
 * smallest to the largest repetition. Plain SVG with no script, so GitHub and any browser show it.
 */
final class CurveSvg {
  private static final int WIDTH = 640;
  private static final int HEIGHT = 360;
  private static final int LEFT = 80;
  private static final int RIGHT = 24;
  private static final int TOP = 40;
  private static final int BOTTOM = 56;
  private static final String[] COLOURS = {"#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad"};

  private CurveSvg() {}

  static String draw(Curve curve, Report report) {
    List<List<Curve.Plotted>> series = curve.plotted(report);
    TreeSet<Double> sizes = new TreeSet<>();
    double top = 0;
    for (List<Curve.Plotted> points : series) {
      for (Curve.Plotted p : points) {
        sizes.add(p.size());
        top = Math.max(top, p.figure().max());
      }
    }
    if (sizes.isEmpty()) {
      throw new IllegalArgumentException(curve.name() + " has no measured point");
    }
    double yMax = niceCeiling(top);
    double lo = Math.log10(sizes.first());
    double hi = Math.log10(sizes.last());
    Axis axis = new Axis(lo, hi == lo ? lo + 1 : hi, yMax);

    StringBuilder svg = new StringBuilder();
    svg.append(
            String.format(
                Locale.ROOT,
                "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\""
                    + " viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n",
                WIDTH,
                HEIGHT,
                WIDTH,
                HEIGHT))
        .append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n")
        .append(text(LEFT, 22, "start", "font-size=\"14\" font-weight=\"bold\"", curve.title()));
    for (int i = 0; i <= 4; i++) {
      double v = yMax * i / 4;
      double y = axis.y(v);
      svg.append(line(LEFT, y, WIDTH - RIGHT, y, "#dddddd"))
          .append(text(LEFT - 6, y + 4, "end", "", Figure.number(v)));
    }
    for (double size : sizes) {
      double x = axis.x(size);
      svg.append(line(x, TOP, x, HEIGHT - BOTTOM, "#eeeeee"))
          .append(text(x, HEIGHT - BOTTOM + 16, "middle", "", Curve.sizeText(size)));
    }
    svg.append(line(LEFT, HEIGHT - BOTTOM, WIDTH - RIGHT, HEIGHT - BOTTOM, "#444444"))
        .append(line(LEFT, TOP, LEFT, HEIGHT - BOTTOM, "#444444"))
        .append(text((LEFT + WIDTH - RIGHT) / 2.0, HEIGHT - 14, "middle", "", curve.x()))
        .append(
            text(
                16,
                (TOP + HEIGHT - BOTTOM) / 2.0,
                "middle",
                String.format(
                    Locale.ROOT,
                    "transform=\"rotate(-90 16 %.1f)\"",
                    (TOP + HEIGHT - BOTTOM) / 2.0),
                curve.y()));
    for (int s = 0; s < series.size(); s++) {
      List<Curve.Plotted> points = series.get(s);
      String colour = COLOURS[s % COLOURS.length];
      StringBuilder path = new StringBuilder();
      for (Curve.Plotted p : points) {
        double x = axis.x(p.size());
        path.append(path.isEmpty() ? "M" : " L")
            .append(String.format(Locale.ROOT, "%.1f %.1f", x, axis.y(p.figure().median())));
        svg.append(line(x, axis.y(p.figure().min()), x, axis.y(p.figure().max()), colour))
            .append(
                String.format(
                    Locale.ROOT,
                    "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"/>\n",
                    x,
                    axis.y(p.figure().median()),
                    colour))
            .append(
                text(
                    x + 6,
                    axis.y(p.figure().median()) - 6,
                    "start",
                    "fill=\"" + colour + "\"",
                    Figure.number(p.figure().median())));
      }
      if (points.size() > 1) {
        svg.append(
            String.format(
                Locale.ROOT,
                "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                path,
                colour));
      }
      double legendY = TOP + 4 + 16 * s;
      svg.append(line(WIDTH - RIGHT - 150, legendY, WIDTH - RIGHT - 130, legendY, colour))
          .append(
              text(WIDTH - RIGHT - 124, legendY + 4, "start", "", curve.series().get(s).label()));
    }
    return svg.append("</svg>\n").toString();
  }

  /** 1, 2 or 5 times a power of ten, at least {@code v}, so the y axis has round ticks. */
  static double niceCeiling(double v) {
    if (v <= 0) {
      return 1;
    }
    double power = Math.pow(10, Math.floor(Math.log10(v)));
    for (double step : new double[] {1, 2, 5, 10}) {
      if (step * power >= v) {
        return step * power;
      }
    }
    return 10 * power;
  }

  private record Axis(double logLo, double logHi, double yMax) {
    double x(double size) {
      double f = (Math.log10(size) - logLo) / (logHi - logLo);
      return LEFT + 20 + f * (WIDTH - LEFT - RIGHT - 40);
    }

    double y(double value) {
      return HEIGHT - BOTTOM - value / yMax * (HEIGHT - TOP - BOTTOM);
    }
  }

  private static String line(double x1, double y1, double x2, double y2, String colour) {
    return String.format(
        Locale.ROOT,
        "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>\n",
        x1,
        y1,
        x2,
        y2,
        colour);
  }

  private static String text(double x, double y, String anchor, String extra, String content) {
    return String.format(
        Locale.ROOT,
        "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" %s>%s</text>\n",
        x,
        y,
        anchor,
        extra,
        escape(content));
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}

package io.kxm.knowledge.evolve;

import java.util.List;
import java.util.Locale;

/**
 * Draws an evolution's score curve as a standalone SVG: generations along the x axis, scores from 0
 * to 1 up the y axis, one line for the mean attempt score, one for the best score and one for the
 * share of tasks solved so far, with axes, ticks, labels and a legend.
 */
public final class ScorePlot {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 420;
  private static final int LEFT = 70;
  private static final int RIGHT = 170;
  private static final int TOP = 50;
  private static final int BOTTOM = 60;

  private ScorePlot() {}

  public static String svg(List<GenerationSummary> generations, int totalTasks) {
    StringBuilder s = new StringBuilder();
    s.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    s.append(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"12\">\n"
            .formatted(WIDTH, HEIGHT, WIDTH, HEIGHT));
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s.append(
        "<text x=\"%d\" y=\"28\" font-size=\"16\" font-weight=\"bold\">kxm evolve: scores by generation</text>\n"
            .formatted(LEFT));
    axes(s, generations.size());
    if (!generations.isEmpty()) {
      series(s, generations, "#1f77b4", "mean score", 0, g -> g.meanScore());
      series(s, generations, "#ff7f0e", "best score", 1, g -> g.bestScore());
      series(
          s,
          generations,
          "#2ca02c",
          "solved so far",
          2,
          g -> totalTasks == 0 ? 0 : (double) g.solvedSoFar() / totalTasks);
    }
    s.append("</svg>\n");
    return s.toString();
  }

  private static void axes(StringBuilder s, int count) {
    int x0 = LEFT;
    int y0 = HEIGHT - BOTTOM;
    s.append(line(x0, TOP, x0, y0, "black"));
    s.append(line(x0, y0, WIDTH - RIGHT, y0, "black"));
    for (int i = 0; i <= 4; i++) {
      double v = i / 4.0;
      double y = y(v);
      s.append(line(x0 - 5, y, x0, y, "black"));
      s.append(line(x0, y, WIDTH - RIGHT, y, "#dddddd"));
      s.append(
          "<text x=\"%d\" y=\"%s\" text-anchor=\"end\">%s</text>\n"
              .formatted(x0 - 8, num(y + 4), num(v)));
    }
    for (int g = 1; g <= count; g++) {
      double x = x(g, count);
      s.append(line(x, y0, x, y0 + 5, "black"));
      s.append(
          "<text x=\"%s\" y=\"%d\" text-anchor=\"middle\">%d</text>\n"
              .formatted(num(x), y0 + 20, g));
    }
    s.append(
        "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">generation</text>\n"
            .formatted((LEFT + WIDTH - RIGHT) / 2, HEIGHT - 15));
    s.append(
        "<text x=\"18\" y=\"%d\" text-anchor=\"middle\" transform=\"rotate(-90 18 %d)\">score</text>\n"
            .formatted((TOP + y0) / 2, (TOP + y0) / 2));
  }

  private static void series(
      StringBuilder s,
      List<GenerationSummary> gens,
      String colour,
      String label,
      int legendRow,
      java.util.function.ToDoubleFunction<GenerationSummary> value) {
    StringBuilder points = new StringBuilder();
    for (int i = 0; i < gens.size(); i++) {
      double x = x(i + 1, gens.size());
      double y = y(value.applyAsDouble(gens.get(i)));
      points.append(i == 0 ? "" : " ").append(num(x)).append(',').append(num(y));
      s.append(
          "<circle cx=\"%s\" cy=\"%s\" r=\"3.5\" fill=\"%s\"/>\n"
              .formatted(num(x), num(y), colour));
    }
    s.append(
        "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\" points=\"%s\"><title>%s</title></polyline>\n"
            .formatted(colour, points, label));
    int ly = TOP + 10 + legendRow * 22;
    int lx = WIDTH - RIGHT + 20;
    s.append(line(lx, ly, lx + 24, ly, colour).replace("stroke-width=\"1\"", "stroke-width=\"2\""));
    s.append("<text x=\"%d\" y=\"%d\">%s</text>\n".formatted(lx + 30, ly + 4, label));
  }

  private static double x(int generation, int count) {
    double span = WIDTH - RIGHT - LEFT - 40;
    return count <= 1 ? LEFT + 20 + span / 2 : LEFT + 20 + span * (generation - 1) / (count - 1);
  }

  private static double y(double value) {
    double clamped = Math.max(0, Math.min(1, value));
    return HEIGHT - BOTTOM - clamped * (HEIGHT - BOTTOM - TOP);
  }

  private static String line(double x1, double y1, double x2, double y2, String colour) {
    return "<line x1=\"%s\" y1=\"%s\" x2=\"%s\" y2=\"%s\" stroke=\"%s\" stroke-width=\"1\"/>\n"
        .formatted(num(x1), num(y1), num(x2), num(y2), colour);
  }

  private static String num(double v) {
    String text = String.format(Locale.ROOT, "%.2f", v);
    return text.endsWith(".00") ? text.substring(0, text.length() - 3) : text;
  }
}

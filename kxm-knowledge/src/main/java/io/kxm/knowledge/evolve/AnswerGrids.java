package io.kxm.knowledge.evolve;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Reads the grids out of an agent's answer. A grid is a run of consecutive lines that hold only
 * digits (spaces between them allowed), every line of the run as wide as the first; any other line
 * ends the run, so prose, headings and code fences around the grids are ignored. The grids answer
 * the task's test inputs in order.
 */
public final class AnswerGrids {
  private static final Pattern GRID_LINE = Pattern.compile("[0-9]( ?[0-9])*");
  // an answer longer than this is not a set of at most ten 30x30 grids with some prose around it
  static final int MAX_ANSWER_CHARS = 200_000;

  private AnswerGrids() {}

  public static List<Grid> parse(String answer) {
    List<Grid> grids = new ArrayList<>();
    if (answer == null) {
      return grids;
    }
    String text =
        answer.length() > MAX_ANSWER_CHARS ? answer.substring(0, MAX_ANSWER_CHARS) : answer;
    List<List<Integer>> rows = new ArrayList<>();
    for (String raw : text.split("\\R", -1)) {
      String line = raw.strip();
      boolean gridLine = GRID_LINE.matcher(line).matches();
      List<Integer> row = gridLine ? digits(line) : List.of();
      if (gridLine && (rows.isEmpty() || rows.get(0).size() == row.size())) {
        rows.add(row);
        continue;
      }
      close(rows, grids);
      if (gridLine) {
        rows.add(row);
      }
    }
    close(rows, grids);
    return grids;
  }

  private static void close(List<List<Integer>> rows, List<Grid> grids) {
    if (rows.isEmpty()) {
      return;
    }
    try {
      grids.add(new Grid(rows));
    } catch (IllegalArgumentException e) {
      // a run of digit lines past the grid limits is not an answer grid; it is skipped
    }
    rows.clear();
  }

  private static List<Integer> digits(String line) {
    List<Integer> row = new ArrayList<>();
    for (char c : line.toCharArray()) {
      if (c != ' ') {
        row.add(c - '0');
      }
    }
    return row;
  }
}

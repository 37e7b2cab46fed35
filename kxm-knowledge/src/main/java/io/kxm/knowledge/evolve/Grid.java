package io.kxm.knowledge.evolve;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * An ARC grid: a rectangle of cells, each a colour from 0 to 9, between 1×1 and 30×30. Immutable;
 * equality is cell by cell, which is exactly what the exact-match evaluator compares.
 */
public record Grid(List<List<Integer>> rows) {
  public static final int MAX_SIDE = 30;
  public static final int MAX_COLOUR = 9;

  /**
   * @throws IllegalArgumentException naming what is wrong; callers turn it into the error of the
   *     input the grid came from
   */
  public Grid {
    if (rows == null || rows.isEmpty() || rows.size() > MAX_SIDE) {
      throw new IllegalArgumentException("a grid needs 1 to " + MAX_SIDE + " rows");
    }
    List<List<Integer>> copy = new ArrayList<>(rows.size());
    int width = -1;
    for (int r = 0; r < rows.size(); r++) {
      List<Integer> row = rows.get(r);
      if (row == null || row.isEmpty() || row.size() > MAX_SIDE) {
        throw new IllegalArgumentException("row " + r + " needs 1 to " + MAX_SIDE + " cells");
      }
      if (width >= 0 && row.size() != width) {
        throw new IllegalArgumentException(
            "row " + r + " has " + row.size() + " cells; row 0 has " + width);
      }
      width = row.size();
      for (Integer cell : row) {
        if (cell == null || cell < 0 || cell > MAX_COLOUR) {
          throw new IllegalArgumentException(
              "row " + r + " holds " + cell + "; cells are colours 0 to " + MAX_COLOUR);
        }
      }
      copy.add(List.copyOf(row));
    }
    rows = List.copyOf(copy);
  }

  public int height() {
    return rows.size();
  }

  public int width() {
    return rows.get(0).size();
  }

  public int cell(int row, int column) {
    return rows.get(row).get(column);
  }

  /** One line of digits per row, the form agents read and write grids in. */
  public String text() {
    return rows.stream()
        .map(row -> row.stream().map(String::valueOf).collect(Collectors.joining()))
        .collect(Collectors.joining("\n"));
  }

  /** A grid of the given size whose cells come from {@code cell(row, column)}. */
  public static Grid of(int height, int width, CellSource cell) {
    List<List<Integer>> rows = new ArrayList<>(height);
    for (int r = 0; r < height; r++) {
      List<Integer> row = new ArrayList<>(width);
      for (int c = 0; c < width; c++) {
        row.add(cell.at(r, c));
      }
      rows.add(row);
    }
    return new Grid(rows);
  }

  /** Computes one cell of a new grid. */
  @FunctionalInterface
  public interface CellSource {
    int at(int row, int column);
  }
}

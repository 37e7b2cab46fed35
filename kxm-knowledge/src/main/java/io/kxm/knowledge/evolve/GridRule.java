package io.kxm.knowledge.evolve;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * Whole-grid transformations the simulated agents know by name. Each simulated agent knows one of
 * them by itself ({@link #ownedBy}) and learns the others only from names in its seed.
 */
public enum GridRule {
  FLIP_HORIZONTAL(g -> Grid.of(g.height(), g.width(), (r, c) -> g.cell(r, g.width() - 1 - c))),
  TRANSPOSE(g -> Grid.of(g.width(), g.height(), (r, c) -> g.cell(c, r))),
  FLIP_VERTICAL(g -> Grid.of(g.height(), g.width(), (r, c) -> g.cell(g.height() - 1 - r, c))),
  ROTATE_180(
      g -> Grid.of(g.height(), g.width(), (r, c) -> g.cell(g.height() - 1 - r, g.width() - 1 - c))),
  ROTATE_90(g -> Grid.of(g.width(), g.height(), (r, c) -> g.cell(g.height() - 1 - c, r))),
  IDENTITY(g -> g);

  private final UnaryOperator<Grid> transform;

  GridRule(UnaryOperator<Grid> transform) {
    this.transform = transform;
  }

  public Grid apply(Grid grid) {
    return transform.apply(grid);
  }

  /** The name agents write, {@code flip_horizontal}. */
  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  /** Whether this rule turns every training input into its output. */
  public boolean fits(List<GridPair> train) {
    return train.stream().allMatch(p -> apply(p.input()).equals(p.output()));
  }

  /** The rule simulated agent number {@code n} (from 1) knows without being told. */
  public static GridRule ownedBy(int n) {
    GridRule[] all = values();
    return all[Math.floorMod(n - 1, all.length)];
  }

  public static Optional<GridRule> named(String wire) {
    return Arrays.stream(values()).filter(r -> r.wireName().equals(wire)).findFirst();
  }
}

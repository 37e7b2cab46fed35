package io.kxm.bench;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * The rows of one run, the machine it ran on, and what was skipped or failed.
 *
 * @param productFigures every figure of each measured product side, by {@link Scenario#name()}: the
 *     points {@link Curve}s are drawn from, also those that no comparison puts in a row
 */
public record Report(
    Machine machine,
    Instant at,
    boolean quick,
    List<Row> rows,
    Map<String, List<Figure>> productFigures,
    List<String> notices,
    boolean failed) {
  public Report {
    rows = List.copyOf(rows);
    productFigures = Map.copyOf(productFigures);
    notices = List.copyOf(notices);
  }
}

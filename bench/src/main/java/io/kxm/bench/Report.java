package io.kxm.bench;

import java.time.Instant;
import java.util.List;

/** The rows of one run, the machine it ran on, and what was skipped or failed. */
public record Report(
    Machine machine,
    Instant at,
    boolean quick,
    List<Row> rows,
    List<String> notices,
    boolean failed) {
  public Report {
    rows = List.copyOf(rows);
    notices = List.copyOf(notices);
  }
}

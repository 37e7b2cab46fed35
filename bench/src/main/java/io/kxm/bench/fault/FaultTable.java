package io.kxm.bench.fault;

import io.kxm.bench.fault.FaultResult.Status;
import java.util.List;
import java.util.Locale;

/** The suite's standard output: one block per fault with its checks, then a table and a total. */
final class FaultTable {
  private FaultTable() {}

  static String block(FaultResult r) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        String.format(
            Locale.ROOT,
            "fault %d: %s: %s (%.1f s)%n",
            r.fault().number(),
            r.fault().title(),
            word(r.status()),
            r.seconds()));
    for (Findings.Check c : r.checks()) {
      sb.append("  ").append(c.mark()).append(' ').append(c.figures()).append('\n');
    }
    if (r.status() != Status.PASSED && r.reason() != null) {
      sb.append("  ").append(r.status() == Status.NOT_RUN ? "why: " : "failure: ");
      sb.append(r.reason()).append('\n');
    }
    return sb.toString();
  }

  static String markdown(List<FaultResult> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("| # | fault | result | checks passed | time |\n");
    sb.append("|---|---|---|---|---|\n");
    for (FaultResult r : results) {
      long checks = r.checks().stream().filter(c -> c.ok() != null).count();
      long ok = r.checks().stream().filter(c -> Boolean.TRUE.equals(c.ok())).count();
      sb.append(
          String.format(
              Locale.ROOT,
              "| %d | %s | %s | %d of %d | %.1f s |%n",
              r.fault().number(),
              r.fault().title(),
              word(r.status()),
              ok,
              checks,
              r.seconds()));
    }
    return sb.toString();
  }

  static String summary(List<FaultResult> results) {
    long passed = results.stream().filter(r -> r.status() == Status.PASSED).count();
    long failed = results.stream().filter(r -> r.status() == Status.FAILED).count();
    long notRun = results.stream().filter(r -> r.status() == Status.NOT_RUN).count();
    return passed
        + " passed, "
        + failed
        + " failed"
        + (notRun > 0 ? ", " + notRun + " not run" : "");
  }

  private static String word(Status s) {
    return switch (s) {
      case PASSED -> "passed";
      case FAILED -> "FAILED";
      case NOT_RUN -> "not run";
    };
  }
}

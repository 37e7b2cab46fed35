package io.kxm.bench.fault;

import java.util.ArrayList;
import java.util.List;

/** What a fault run checked, each line with the figures it rests on. */
public final class Findings {
  private final List<Check> checks = new ArrayList<>();

  /** A check that passed when {@code ok} holds; {@code figures} says what was counted. */
  public void check(boolean ok, String figures) {
    checks.add(new Check(ok, figures));
  }

  /** A figure worth printing that is not itself a pass or fail. */
  public void note(String figures) {
    checks.add(new Check(null, figures));
  }

  public List<Check> checks() {
    return List.copyOf(checks);
  }

  public boolean allPassed() {
    return checks.stream().noneMatch(c -> Boolean.FALSE.equals(c.ok()));
  }

  /** The first figure that failed, or null. */
  public String firstFailure() {
    return checks.stream()
        .filter(c -> Boolean.FALSE.equals(c.ok()))
        .map(Check::figures)
        .findFirst()
        .orElse(null);
  }

  /**
   * @param ok whether it held, or null for a figure printed for information
   */
  public record Check(Boolean ok, String figures) {
    public String mark() {
      return ok == null ? "    " : ok ? "ok  " : "FAIL";
    }
  }
}

package io.kxm.bench.fault;

import java.util.List;

/**
 * How one fault run ended.
 *
 * @param checks what it checked, in order
 * @param reason why it failed or did not run; null when it passed
 * @param seconds how long it took, setup and cleanup included
 */
public record FaultResult(
    Fault fault, Status status, List<Findings.Check> checks, String reason, double seconds) {

  public enum Status {
    PASSED,
    FAILED,
    NOT_RUN
  }
}

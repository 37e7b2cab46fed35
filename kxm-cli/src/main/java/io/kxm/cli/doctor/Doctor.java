package io.kxm.cli.doctor;

import io.kxm.core.error.KxmException;
import io.kxm.core.secret.Redactor;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs every check of {@code kxm doctor} in turn. A check that fails in itself (a setting it cannot
 * read, a file it cannot list) becomes an error finding of that check rather than ending the run,
 * so one broken area never hides what the others would have found.
 */
public final class Doctor {
  private final List<DoctorCheck> checks;

  Doctor(List<DoctorCheck> checks) {
    this.checks = List.copyOf(checks);
  }

  /** Every check, in the order the report lists them. */
  public static Doctor standard() {
    return new Doctor(
        List.of(
            new JdkCheck(),
            new PortCheck(),
            new ServiceCheck(),
            new StoreHealthCheck(),
            new SecretFilesCheck(),
            new StaleFilesCheck(),
            new OrphanProcessCheck(),
            new DiskSpaceCheck(),
            new ClockSkewCheck(),
            new SandboxCheck()));
  }

  public DoctorReport run(DoctorScope scope) throws InterruptedException {
    List<Finding> findings = new ArrayList<>();
    for (DoctorCheck check : checks) {
      try {
        findings.addAll(check.run(scope));
      } catch (KxmException e) {
        findings.add(
            Finding.error(
                check.name(),
                e.code().code(),
                Redactor.redact(e.getMessage()),
                e.hint() == null ? "correct the setting the message names" : e.hint()));
      } catch (RuntimeException e) {
        findings.add(
            Finding.error(
                check.name(),
                "check_failed",
                "the " + check.name() + " check could not finish: " + Redactor.redact(describe(e)),
                "run kxm doctor again; if it fails the same way, report it with this message"));
      }
    }
    return new DoctorReport(findings);
  }

  private static String describe(RuntimeException e) {
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}

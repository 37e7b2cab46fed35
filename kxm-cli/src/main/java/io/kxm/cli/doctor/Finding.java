package io.kxm.cli.doctor;

import java.util.Objects;

/**
 * One thing {@code kxm doctor} looked at and what it found.
 *
 * @param check the check that produced it ({@code jdk}, {@code ports}, ...)
 * @param code stable name of the finding, documented in {@code docs/doctor.md}; scripts match on it
 * @param message what was found, with the paths, ports and pids involved; never a secret
 * @param fix the command or exact action that puts it right; null when nothing is wrong
 */
public record Finding(String check, String code, Severity severity, String message, String fix) {
  public Finding {
    Objects.requireNonNull(check, "check");
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(severity, "severity");
    Objects.requireNonNull(message, "message");
    if (severity != Severity.OK && (fix == null || fix.isBlank())) {
      throw new IllegalArgumentException("finding " + code + " is " + severity + " without a fix");
    }
  }

  public static Finding ok(String check, String code, String message) {
    return new Finding(check, code, Severity.OK, message, null);
  }

  public static Finding warn(String check, String code, String message, String fix) {
    return new Finding(check, code, Severity.WARN, message, fix);
  }

  public static Finding error(String check, String code, String message, String fix) {
    return new Finding(check, code, Severity.ERROR, message, fix);
  }
}

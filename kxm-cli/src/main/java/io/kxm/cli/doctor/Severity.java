package io.kxm.cli.doctor;

import java.util.Locale;

/** How bad a finding is: {@code error} makes {@code kxm doctor} exit 1, {@code warn} does not. */
public enum Severity {
  OK,
  WARN,
  ERROR;

  /** The name in {@code --json} output and in the text listing. */
  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }
}

package io.kxm.cli.doctor;

import java.util.List;

/** One area {@code kxm doctor} looks at; it reports what it found, an ok finding included. */
interface DoctorCheck {
  /** The name findings carry in their {@code check} field. */
  String name();

  /** What this check found; never empty, so the report shows every area was looked at. */
  List<Finding> run(DoctorScope scope) throws InterruptedException;
}

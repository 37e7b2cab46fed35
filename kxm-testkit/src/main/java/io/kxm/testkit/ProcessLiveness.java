package io.kxm.testkit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a process a test or a fault run watches still runs. A process that has exited but that
 * its new parent (init, after its own parent was killed) has not reaped yet is a zombie: it runs
 * nothing, yet {@link ProcessHandle#isAlive()} still reports it, and init may take its time.
 */
public final class ProcessLiveness {
  private ProcessLiveness() {}

  /** True while the process exists and, where {@code /proc} tells, is not a zombie. */
  public static boolean running(long pid) {
    boolean alive = ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    if (!alive || !Files.isDirectory(Path.of("/proc", "self"))) {
      return alive;
    }
    try {
      // "pid (command) S ...": the state follows the last parenthesis, since a command may hold one
      String line = Files.readString(stat);
      int close = line.lastIndexOf(')');
      return close < 0 || close + 2 >= line.length() || line.charAt(close + 2) != 'Z';
    } catch (IOException e) {
      return false; // gone between the two looks
    }
  }
}

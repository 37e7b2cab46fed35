package io.kxm.bench;

/**
 * Progress on standard error, so that standard output carries only the table and a long run shows
 * where it is.
 */
public final class Log {
  private static final long START = System.nanoTime();

  private Log() {}

  public static void info(String message) {
    System.err.printf("[%6.1fs] %s%n", (System.nanoTime() - START) / 1e9, message);
  }

  public static void warn(String message) {
    info("WARNING: " + message);
  }
}

package io.kxm.bench.proc;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;
import java.util.Map;

/** Wall time of a short command from start to exit, output discarded. */
public final class Wall {
  private Wall() {}

  /** Milliseconds the command took; a non-zero exit is an error that names the command. */
  public static double millis(List<String> command) throws Exception {
    return millis(command, Map.of());
  }

  /** As {@link #millis(List)}, with {@code env} added to the command's environment. */
  public static double millis(List<String> command, Map<String, String> env) throws Exception {
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .redirectOutput(Redirect.DISCARD)
            .redirectError(Redirect.DISCARD);
    builder.environment().putAll(env);
    long t0 = System.nanoTime();
    Process p = builder.start();
    int code = p.waitFor();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", command) + " exited " + code);
    }
    return ms;
  }
}

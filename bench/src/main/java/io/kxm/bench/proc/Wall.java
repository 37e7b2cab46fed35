package io.kxm.bench.proc;

import java.lang.ProcessBuilder.Redirect;
import java.util.List;

/** Wall time of a short command from start to exit, output discarded. */
public final class Wall {
  private Wall() {}

  /** Milliseconds the command took; a non-zero exit is an error that names the command. */
  public static double millis(List<String> command) throws Exception {
    long t0 = System.nanoTime();
    Process p =
        new ProcessBuilder(command)
            .redirectOutput(Redirect.DISCARD)
            .redirectError(Redirect.DISCARD)
            .start();
    int code = p.waitFor();
    double ms = (System.nanoTime() - t0) / 1e6;
    if (code != 0) {
      throw new IllegalStateException(String.join(" ", command) + " exited " + code);
    }
    return ms;
  }
}

package io.kxm.bench.fault;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Short system commands (mount, pg_ctl) run to their end, output kept for the error message. */
final class Commands {
  private Commands() {}

  /** The command's exit code and its output, both streams together. */
  record Result(int code, String output) {
    boolean ok() {
      return code == 0;
    }
  }

  static Result run(List<String> command, long timeoutSeconds) throws IOException {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    try {
      if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        p.destroyForcibly().waitFor();
        return new Result(124, String.join(" ", command) + " ran past " + timeoutSeconds + " s");
      }
    } catch (InterruptedException e) {
      p.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while running " + String.join(" ", command), e);
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    return new Result(p.exitValue(), out);
  }

  /** Runs it and throws with its output when it exits with anything but 0. */
  static String check(List<String> command, long timeoutSeconds) throws IOException {
    Result r = run(command, timeoutSeconds);
    if (!r.ok()) {
      throw new IOException(String.join(" ", command) + " exited " + r.code() + ": " + r.output());
    }
    return r.output();
  }

  /** The program's path when it is on PATH (or is a path and executable), else null. */
  static Path onPath(String program) {
    if (program.contains("/")) {
      Path p = Path.of(program);
      return Files.isExecutable(p) ? p : null;
    }
    for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
      if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
        return Path.of(dir, program);
      }
    }
    return null;
  }
}

package io.kxm.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.Map;

/** Runs a {@code kxm} command in-process and keeps what it printed. */
record CliRun(int exitCode, String out, String err) {

  static CliRun run(Map<String, String> env, Path workingDir, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        new Cli(env, workingDir, new PrintWriter(out, true), new PrintWriter(err, true)).run(args);
    return new CliRun(code, out.toString(), err.toString());
  }
}

package io.kxm.cli;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Entry point of the {@code kxm} command. */
public final class Main {
  private Main() {}

  public static void main(String[] args) {
    PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
    PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
    Cli cli = new Cli(System.getenv(), Path.of("").toAbsolutePath(), out, err);
    int code = cli.run(args);
    out.flush();
    err.flush();
    System.exit(code);
  }
}

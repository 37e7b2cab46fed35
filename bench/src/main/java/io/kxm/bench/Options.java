package io.kxm.bench;

import java.nio.file.Path;

/**
 * Command-line options of the suite.
 *
 * @param quick the short run: short repetitions and smaller counts
 * @param json where to write the report as JSON, or null
 * @param docs where to write the Markdown report, or null; only a whole run writes it
 * @param only the scenarios or baselines to run, comma-separated, or null for all
 * @param list print the names and exit
 */
public record Options(boolean quick, Path json, Path docs, String only, boolean list) {

  public static final String USAGE =
      """
      usage: bench/run [--quick] [--json FILE] [--only NAME[,NAME...]] [--list]
        --quick       short repetitions and smaller counts, under 3 minutes on two cores
        --json FILE   also write the figures as JSON
        --only NAMES  run these scenarios (with their baselines) or baselines, comma-separated
        --list        print the names --only accepts
        --docs FILE   write the Markdown report there (bench/run passes docs/performance.md)
      """;

  public static Options parse(String[] args) {
    boolean quick = false;
    boolean list = false;
    Path json = null;
    Path docs = null;
    String only = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--quick" -> quick = true;
        case "--list" -> list = true;
        case "--json" -> json = Path.of(value(args, ++i, "--json"));
        case "--docs" -> docs = Path.of(value(args, ++i, "--docs"));
        case "--only" -> only = value(args, ++i, "--only");
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    return new Options(quick, json, docs, only, list);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length || args[i].startsWith("--")) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }
}

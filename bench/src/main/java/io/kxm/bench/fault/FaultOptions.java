package io.kxm.bench.fault;

/**
 * Command-line options of {@code bench/faults}.
 *
 * @param only the one fault to run, by number, or 0 for all
 * @param list print the faults and exit
 * @param help print the usage and exit
 */
public record FaultOptions(int only, boolean list, boolean help) {

  public static final String USAGE =
      """
      usage: bench/faults [--only N] [--list] [--help]
        --only N   run fault N alone (see --list)
        --list     print the faults with their numbers
        --help     print this text
      Exit code: 0 when every fault run passed, 1 when one failed, 2 for a usage error.
      """;

  public static FaultOptions parse(String[] args) {
    int only = 0;
    boolean list = false;
    boolean help = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--list" -> list = true;
        case "--help", "-h" -> help = true;
        case "--only" -> only = number(args, ++i);
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    return new FaultOptions(only, list, help);
  }

  private static int number(String[] args, int i) {
    if (i >= args.length) {
      throw new IllegalArgumentException("--only needs a fault number");
    }
    try {
      int n = Integer.parseInt(args[i]);
      if (n < 1) {
        throw new NumberFormatException();
      }
      return n;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--only needs a fault number, got '" + args[i] + "'");
    }
  }
}

package io.kxm.bench;

/**
 * Entry point of {@code bench/run}: measures, prints one table on standard output, and writes the
 * JSON and Markdown reports asked for. Exit 0 when every selected measure ran or was skipped with a
 * notice, 1 when one failed, 2 for a usage error.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws Exception {
    Options options;
    try {
      options = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.err.print(Options.USAGE);
      System.exit(2);
      return;
    }
    Suite suite = new Suite(Registry.baselines(), Registry.scenarios());
    if (options.list()) {
      suite.names().forEach(System.out::println);
      return;
    }
    Report report;
    Run run = new Run(options.quick());
    // Ctrl-C or a kill still stops the servers this run started.
    Thread hook = new Thread(run::close, "bench-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      report = suite.run(run, options.only());
    } catch (IllegalArgumentException e) {
      System.err.println("error: " + e.getMessage());
      System.exit(2);
      return;
    } finally {
      run.close();
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // The hook is running or has run; it closes the same run, which is idempotent.
      }
    }

    System.out.println();
    System.out.println("Machine: " + report.machine().line());
    System.out.println();
    System.out.print(Table.markdown(report));
    if (!report.notices().isEmpty()) {
      System.out.println();
      System.out.print(Table.notices(report));
    }
    String grown = Table.curves(report, Registry.curves(), null);
    if (!grown.isEmpty()) {
      System.out.println();
      System.out.print(grown);
    }
    if (options.json() != null) {
      Outputs.json(report, options.json());
      Log.info("wrote " + options.json());
    }
    if (options.docs() != null && options.only() == null) {
      Outputs.docs(report, Registry.curves(), options.docs());
      Log.info("wrote " + options.docs());
    }
    System.exit(report.failed() ? 1 : 0);
  }
}

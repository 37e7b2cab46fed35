package io.kxm.bench.proc;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Command lines for Java child processes on the same JDK as the suite. */
public final class Jvm {
  private Jvm() {}

  public static Path java() {
    return Path.of(System.getProperty("java.home"), "bin", "java");
  }

  /**
   * The start of a product server's command line (hub or supervisor): the suite's JDK and {@code
   * KXM_BENCH_HUB_JAVA_OPTS}, so a profiler agent or a flight recording reaches every server a
   * scenario starts.
   */
  public static List<String> productServer() {
    List<String> cmd = new ArrayList<>();
    cmd.add(java().toString());
    String opts = System.getenv("KXM_BENCH_HUB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      cmd.addAll(List.of(opts.trim().split("\\s+")));
    }
    return cmd;
  }

  /** Runs {@code mainClass} from the suite's own class path, with the JVM's default settings. */
  public static List<String> benchMain(String mainClass, String... args) {
    List<String> cmd = new ArrayList<>();
    cmd.add(java().toString());
    cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(mainClass);
    cmd.addAll(List.of(args));
    return cmd;
  }
}

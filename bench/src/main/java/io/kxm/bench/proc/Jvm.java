package io.kxm.bench.proc;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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

  /**
   * The {@code kxm} launcher of the checkout the CLI jar {@code jar} was built in ({@code
   * kxm-cli/target/kxm.jar}, three folders below it): what a user of the checkout runs.
   */
  public static Path launcher(Path jar) {
    Path launcher = jar.toAbsolutePath().getParent().getParent().getParent().resolve("kxm");
    if (!Files.isExecutable(launcher)) {
      throw new IllegalStateException("no kxm launcher at " + launcher);
    }
    return launcher;
  }

  /**
   * What a server started through the launcher needs in its environment: the suite's JDK, no
   * rebuild, and {@code KXM_BENCH_HUB_JAVA_OPTS} as the launcher's {@code KXM_JAVA_OPTS}.
   */
  public static Map<String, String> launcherEnv() {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("JAVA_HOME", java().getParent().getParent().toString());
    // bench/run built the jar before it started anything; a rebuild by the launcher would pull the
    // jar from under the servers already running from it.
    env.put("KXM_SKIP_BUILD", "1");
    String opts = System.getenv("KXM_BENCH_HUB_JAVA_OPTS");
    if (opts != null && !opts.isBlank()) {
      env.put("KXM_JAVA_OPTS", opts.trim());
    }
    return env;
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

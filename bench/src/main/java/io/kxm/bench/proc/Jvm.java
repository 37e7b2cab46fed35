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

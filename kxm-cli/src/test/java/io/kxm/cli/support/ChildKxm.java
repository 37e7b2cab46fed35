package io.kxm.cli.support;

import io.kxm.cli.Main;
import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/** How tests start {@code kxm} as a real child process: this JVM, the product's classpath. */
public final class ChildKxm {
  private ChildKxm() {}

  public static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** {@code -cp <classpath> io.kxm.cli.Main <args>}, without test classes and their log setup. */
  public static List<String> arguments(String... args) {
    String classpath =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
            .filter(entry -> !entry.endsWith("test-classes"))
            .collect(Collectors.joining(File.pathSeparator));
    List<String> out = new ArrayList<>(List.of("-cp", classpath, Main.class.getName()));
    out.addAll(List.of(args));
    return out;
  }
}

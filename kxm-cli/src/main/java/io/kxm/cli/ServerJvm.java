package io.kxm.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The start of the command that runs this CLI again as a background server ({@code kxm hub start},
 * {@code kxm runtime start}): the same java and class path, and the server's JVM options that the
 * launcher passes down in {@value #OPTIONS} (its ahead-of-time cache), so that a server started in
 * the background starts as fast as one in the foreground.
 */
public final class ServerJvm {
  /** Set by the kxm launcher; JVM options separated by spaces, none holding a space itself. */
  public static final String OPTIONS = "KXM_SERVER_JAVA_OPTS";

  private ServerJvm() {}

  /** java, its options and this CLI's main class: the caller appends the command's arguments. */
  public static List<String> command(Map<String, String> env) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse("java"));
    // SQLite's driver loads a native library; say so rather than have the JVM warn about it.
    cmd.add("--enable-native-access=ALL-UNNAMED");
    String options = env.getOrDefault(OPTIONS, "").strip();
    if (!options.isEmpty()) {
      cmd.addAll(List.of(options.split("\\s+")));
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(Main.class.getName());
    return cmd;
  }
}

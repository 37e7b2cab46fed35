package io.kxm.mcp.stdio;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** How the tests start {@link StdioServerMain}: this JVM's java, this test run's classpath. */
final class StdioChild {
  private StdioChild() {}

  static String java() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  static List<String> arguments() {
    return List.of("-cp", System.getProperty("java.class.path"), StdioServerMain.class.getName());
  }

  /** A process builder with the user config and state folders moved into {@code home}. */
  static ProcessBuilder process(Path home, Map<String, String> extraEnv) {
    List<String> command = new ArrayList<>();
    command.add(java());
    command.addAll(arguments());
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().putAll(isolated(home));
    builder.environment().putAll(extraEnv);
    builder.redirectError(ProcessBuilder.Redirect.INHERIT);
    return builder;
  }

  static Map<String, String> isolated(Path home) {
    return Map.of(
        "KXM_USER_CONFIG_DIR",
        home.resolve("config").toString(),
        "KXM_STATE_HOME",
        home.resolve("state").toString(),
        "KXM_SESSION_TOKEN",
        "",
        "KXM_ATTEMPT_TOKEN",
        "");
  }
}

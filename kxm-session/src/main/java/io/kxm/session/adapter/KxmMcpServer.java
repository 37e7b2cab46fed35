package io.kxm.session.adapter;

import io.kxm.core.paths.SearchPath;
import io.kxm.core.secret.Redactor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How an agent CLI starts the {@code kxm mcp} stdio server, so the agent gets the kxm tools as one
 * agent of the project: the program, its arguments, and the {@code KXM_*} variables that tell it
 * the hub, project, token and agent name. An adapter writes this into its CLI's own MCP
 * configuration under the server name {@value #NAME}.
 *
 * <p>{@link #toString} leaves the token out; the configuration file holding it is the adapter's to
 * protect.
 *
 * @param command the program, an absolute path or a name the CLI finds on its PATH
 * @param args its arguments, ending with {@code mcp}
 * @param env the variables it needs beyond the CLI's own environment
 */
public record KxmMcpServer(String command, List<String> args, Map<String, String> env) {
  /** The server's name in an agent CLI's MCP configuration; its tools are {@code mcp__kxm__*}. */
  public static final String NAME = "kxm";

  /**
   * The full command line that serves the kxm tools over MCP stdio, split on whitespace (no
   * quoting), such as {@code kxm mcp} or {@code java -jar /opt/kxm/kxm.jar mcp}.
   */
  public static final String COMMAND_VARIABLE = "KXM_MCP_COMMAND";

  public static final String SERVER_URL = "KXM_SERVER_URL";
  public static final String PROJECT = "KXM_PROJECT";
  public static final String AUTH_TOKEN = "KXM_AUTH_TOKEN";
  public static final String AGENT_NAME = "KXM_AGENT_NAME";
  public static final String AGENT_PURPOSE = "KXM_AGENT_PURPOSE";

  /** The CLI's entry point, run from the supervisor's own class path when it holds it. */
  static final String CLI_MAIN = "io.kxm.cli.Main";

  // The agent's name is not among them: each session's server registers under a name of its own,
  // since a supervisor-wide name (inherited from an agent worker, say) would have every session
  // take that agent's place on the hub in turn.
  private static final List<String> FORWARDED =
      List.of(SERVER_URL, PROJECT, AUTH_TOKEN, AGENT_PURPOSE);

  public KxmMcpServer {
    Objects.requireNonNull(command, "command");
    args = List.copyOf(args);
    env = Map.copyOf(env);
  }

  /**
   * The server as the supervisor would start it: the launcher from {@value #COMMAND_VARIABLE}, else
   * the supervisor's own JVM when it runs the kxm CLI, else {@code kxm} on the PATH; the {@code
   * KXM_*} variables that are set in {@code supervisor}.
   *
   * @param defaultAgentName the agent's name on the hub, one per session
   * @return empty when no launcher can be found, and the CLI then runs without the kxm tools
   */
  public static Optional<KxmMcpServer> fromSupervisor(
      Map<String, String> supervisor, String defaultAgentName) {
    Optional<List<String>> launcher = launcher(supervisor);
    if (launcher.isEmpty()) {
      return Optional.empty();
    }
    Map<String, String> env = new LinkedHashMap<>();
    for (String name : FORWARDED) {
      if (AdapterEnvironment.isSet(supervisor, name)) {
        env.put(name, supervisor.get(name).strip());
      }
    }
    if (defaultAgentName != null) {
      env.put(AGENT_NAME, defaultAgentName);
    }
    List<String> argv = launcher.get();
    return Optional.of(new KxmMcpServer(argv.getFirst(), argv.subList(1, argv.size()), env));
  }

  /** The whole command line, program first. */
  public List<String> argv() {
    List<String> argv = new ArrayList<>(args.size() + 1);
    argv.add(command);
    argv.addAll(args);
    return argv;
  }

  @Override
  public String toString() {
    Map<String, String> shown = new LinkedHashMap<>(env);
    shown.computeIfPresent(AUTH_TOKEN, (name, value) -> Redactor.MASK);
    return "KxmMcpServer[argv=" + argv() + ", env=" + shown + "]";
  }

  private static Optional<List<String>> launcher(Map<String, String> supervisor) {
    if (AdapterEnvironment.isSet(supervisor, COMMAND_VARIABLE)) {
      return Optional.of(List.of(supervisor.get(COMMAND_VARIABLE).strip().split("\\s+")));
    }
    Optional<List<String>> ownJvm = ownJvm();
    if (ownJvm.isPresent()) {
      return ownJvm;
    }
    return SearchPath.find(supervisor.getOrDefault("PATH", ""), "kxm")
        .map(kxm -> List.of(kxm.toString(), "mcp"));
  }

  private static Optional<List<String>> ownJvm() {
    String classPath = System.getProperty("java.class.path", "");
    Optional<String> java = ProcessHandle.current().info().command();
    if (classPath.isBlank() || java.isEmpty() || !loadable(CLI_MAIN)) {
      return Optional.empty();
    }
    return Optional.of(
        List.of(
            java.get(),
            // SQLite's driver loads a native library; say so rather than have the JVM warn.
            "--enable-native-access=ALL-UNNAMED",
            "-cp",
            classPath,
            CLI_MAIN,
            "mcp"));
  }

  private static boolean loadable(String className) {
    try {
      Class.forName(className, false, KxmMcpServer.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}

package io.kxm.session.adapter.claude;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxEndpoint;
import io.kxm.runtime.sandbox.SandboxLaunch;
import io.kxm.session.adapter.AdapterEnvironment;
import io.kxm.session.adapter.CliBinary;
import io.kxm.session.adapter.KxmMcpServer;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessSandbox;
import io.kxm.session.harness.ProcessTurn;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code claude-code} harness: each turn runs {@code claude -p --output-format stream-json
 * --verbose} in the workspace root, with the prompt (and the session's history before it) on stdin,
 * the session's model, and the kxm tools from {@code kxm mcp} as its only MCP server. Before the
 * process starts, the CLI is found and probed ({@code harness_unavailable}) and a credential or
 * login is required ({@code harness_not_logged_in}). The CLI gets the supervisor's environment
 * without credentials, except Anthropic's own key, token and base URL. A sandboxed turn runs the
 * CLI inside {@link Sandbox}, with an empty home and network to its Anthropic base URL (and the
 * hub) only, so it needs a credential variable rather than a login kept in the home.
 */
public final class ClaudeCodeHarness implements Harness {
  public static final CliBinary CLI =
      new CliBinary("claude", "KXM_CLAUDE_BIN", "@anthropic-ai/claude-code");

  /** Anthropic's variables passed to the CLI on purpose, although some look like credentials. */
  static final Set<String> PASS_THROUGH =
      Set.of(
          ClaudeLogin.API_KEY,
          ClaudeLogin.AUTH_TOKEN,
          ClaudeLogin.OAUTH_TOKEN,
          "ANTHROPIC_BASE_URL");

  static final String BASE_URL = "ANTHROPIC_BASE_URL";

  /** Where the CLI calls Anthropic when {@code ANTHROPIC_BASE_URL} is unset. */
  static final String DEFAULT_URL = "https://api.anthropic.com";

  /**
   * {@code ENABLE_TOOL_SEARCH=false}: otherwise the CLI defers MCP tools behind a search tool and
   * offers the model none of them directly. {@code MCP_CONNECTION_NONBLOCKING=false}: otherwise the
   * first model call may go out before {@code kxm mcp} has connected, without the kxm tools.
   */
  static final Map<String, String> SETTINGS =
      Map.of("ENABLE_TOOL_SEARCH", "false", "MCP_CONNECTION_NONBLOCKING", "false");

  /**
   * How long the CLI waits for {@code kxm mcp} to connect before its first model call, unless the
   * supervisor's environment says otherwise; the CLI's own default (5 s) is shorter than a JVM's
   * start on a busy machine.
   */
  static final String MCP_CONNECT_TIMEOUT = "MCP_CONNECT_TIMEOUT_MS";

  static final String DEFAULT_MCP_CONNECT_TIMEOUT_MS = "60000";

  /** The provider prefix a route puts before an Anthropic model name. */
  static final String PROVIDER_PREFIX = "anthropic/";

  /** What the CLI may run without asking: the kxm tools. */
  static final String ALLOWED_TOOLS = "mcp__" + KxmMcpServer.NAME + "__*";

  /** The CLI's tools that change files or run commands, withheld from a read-only turn. */
  static final String CHANGING_TOOLS = "Bash,Edit,Write,MultiEdit,NotebookEdit";

  private final Map<String, String> supervisor;
  private final Clock clock;
  private final Sandbox sandbox;

  /**
   * @param supervisor the supervisor's environment, which decides where the CLI is, the credential
   *     it uses and the hub its kxm tools reach
   */
  public ClaudeCodeHarness(HarnessSpec spec, Map<String, String> supervisor, Clock clock) {
    this(spec, supervisor, clock, Sandbox.of(supervisor));
  }

  /** As above, with the sandbox that wraps turns whose agent or route asks for it. */
  public ClaudeCodeHarness(
      HarnessSpec spec, Map<String, String> supervisor, Clock clock, Sandbox sandbox) {
    if (!HarnessSpec.CLAUDE_CODE.equals(spec.type()) || !spec.argv().isEmpty()) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "a claude-code harness takes type 'claude-code' and no argv, got type '"
              + spec.type()
              + "' with "
              + spec.argv().size()
              + " arguments");
    }
    this.supervisor = Map.copyOf(supervisor);
    this.clock = clock;
    this.sandbox = sandbox;
  }

  @Override
  public HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener) {
    Path root = workspaceRoot(input);
    Map<String, String> env =
        AdapterEnvironment.forTurn(supervisor, input, PASS_THROUGH, settings(supervisor));
    Path binary = CLI.locate(env).path();
    if (input.sandboxed()) {
      ClaudeLogin.requireInSandbox(supervisor);
    } else {
      ClaudeLogin.require(supervisor);
    }
    List<SandboxEndpoint> endpoints =
        input.sandboxed()
            ? HarnessSandbox.endpoints(
                supervisor,
                AdapterEnvironment.isSet(supervisor, BASE_URL)
                    ? supervisor.get(BASE_URL)
                    : DEFAULT_URL,
                BASE_URL)
            : List.of();
    Path mcpConfig =
        ClaudeMcpConfig.write(KxmMcpServer.fromSupervisor(supervisor, agentName(input)));
    Process process;
    try {
      SandboxLaunch launch =
          HarnessSandbox.launch(
              sandbox,
              input,
              argv(binary, input, mcpConfig),
              root,
              List.of(mcpConfig),
              endpoints,
              "harness 'claude-code'");
      ProcessBuilder builder = new ProcessBuilder(launch.command());
      builder.directory(root.toFile());
      builder.environment().clear();
      builder.environment().putAll(env);
      process = launch.start(builder);
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      ClaudeMcpConfig.delete(mcpConfig);
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "claude did not start in " + root + ": " + e.getMessage());
    } catch (RuntimeException e) {
      // the sandbox refused before anything started
      ClaudeMcpConfig.delete(mcpConfig);
      throw e;
    }
    process.onExit().whenComplete((exited, error) -> ClaudeMcpConfig.delete(mcpConfig));
    return ProcessTurn.begin(process, input, listener, clock, new ClaudeStreamProtocol());
  }

  static Map<String, String> settings(Map<String, String> supervisor) {
    Map<String, String> settings = new HashMap<>(SETTINGS);
    settings.put(
        MCP_CONNECT_TIMEOUT,
        AdapterEnvironment.isSet(supervisor, MCP_CONNECT_TIMEOUT)
            ? supervisor.get(MCP_CONNECT_TIMEOUT).strip()
            : DEFAULT_MCP_CONNECT_TIMEOUT_MS);
    return settings;
  }

  static List<String> argv(Path binary, TurnInput input, Path mcpConfig) {
    List<String> argv = new ArrayList<>();
    argv.add(binary.toString());
    argv.addAll(List.of("-p", "--output-format", "stream-json", "--verbose"));
    String model = model(input.model());
    if (model != null) {
      argv.add("--model");
      argv.add(model);
    }
    argv.addAll(
        List.of(
            "--mcp-config",
            mcpConfig.toString(),
            "--strict-mcp-config",
            "--allowedTools",
            ALLOWED_TOOLS));
    switch (input.access()) {
      case READ_ONLY -> argv.addAll(List.of("--disallowedTools", CHANGING_TOOLS));
      // a run's worktree is the agent's to change: edits there need nobody's approval
      case WRITE -> argv.addAll(List.of("--permission-mode", "acceptEdits"));
      case SESSION -> {}
    }
    return argv;
  }

  /** The route's model as the CLI names it; null leaves the choice to the CLI. */
  static String model(String route) {
    if (route == null || route.isBlank()) {
      return null;
    }
    String model = route.strip();
    return model.startsWith(PROVIDER_PREFIX) ? model.substring(PROVIDER_PREFIX.length()) : model;
  }

  /** One agent per session on the hub, so a session's turns speak with one name. */
  static String agentName(TurnInput input) {
    String name = "claude-" + input.sessionId().replaceAll("[^A-Za-z0-9._-]", "-");
    return name.length() > 80 ? name.substring(0, 80) : name;
  }

  private static Path workspaceRoot(TurnInput input) {
    Path root = null;
    try {
      root = input.workspaceRoot() == null ? null : Path.of(input.workspaceRoot());
    } catch (InvalidPathException e) {
      // refused below like a missing folder
    }
    if (root == null || !root.isAbsolute() || !Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "claude cannot start: workspace root "
              + input.workspaceRoot()
              + " is not the absolute path of a folder");
    }
    return root;
  }
}

package io.kxm.session.adapter.codex;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxLaunch;
import io.kxm.session.adapter.AdapterEnvironment;
import io.kxm.session.adapter.CliBinary;
import io.kxm.session.adapter.KxmMcpServer;
import io.kxm.session.adapter.ScratchFolder;
import io.kxm.session.adapter.WorkspaceRoot;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.api.WorkspaceAccess;
import io.kxm.session.harness.HarnessSandbox;
import io.kxm.session.harness.ProcessTurn;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The {@code codex} harness: each turn runs {@code codex exec --json} once in the workspace, with a
 * temporary {@code CODEX_HOME} whose {@code config.toml} ({@link CodexConfig}) points Codex at the
 * supervisor's OpenAI endpoint and gives it the kxm tools. Codex gets {@code OPENAI_API_KEY} and
 * {@code OPENAI_BASE_URL} from the supervisor on purpose, and no other credential. The temporary
 * home is removed when the process exits. A sandboxed turn runs the CLI inside {@link Sandbox},
 * reaching only its OpenAI base URL (and the hub).
 */
public final class CodexHarness implements Harness {
  static final CliBinary BINARY = new CliBinary("codex", "KXM_CODEX_BIN", "@openai/codex");

  /**
   * Codex's sandbox for the commands the agent runs: they may write inside the workspace only, and
   * reach no network.
   */
  static final String SANDBOX = "workspace-write";

  /** The sandbox of a read-only turn: commands may read, and write nowhere. */
  static final String READ_ONLY_SANDBOX = "read-only";

  /** Codex's setting when KXM's sandbox holds the whole CLI: commands are confined by that one. */
  static final String INSIDE_SANDBOX = "danger-full-access";

  private final Map<String, String> environment;
  private final Clock clock;
  private final Sandbox sandbox;

  /**
   * @param environment the supervisor's environment: where to find {@code codex}, the OpenAI key
   *     and base URL, the {@code KXM_*} settings of the kxm MCP server
   */
  public CodexHarness(Map<String, String> environment, Clock clock) {
    this(environment, clock, Sandbox.of(environment));
  }

  /** As above, with the sandbox that wraps turns whose agent or route asks for it. */
  public CodexHarness(Map<String, String> environment, Clock clock, Sandbox sandbox) {
    this.environment = Map.copyOf(environment);
    this.clock = clock;
    this.sandbox = sandbox;
  }

  /**
   * @throws KxmException {@code harness_unavailable} without a working {@code codex}, {@code
   *     harness_not_logged_in} without {@code OPENAI_API_KEY}, {@code harness_start_failed} when
   *     the workspace is no folder or the process cannot start
   */
  @Override
  public HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener) {
    CliBinary.Found codex = BINARY.locate(environment);
    if (!AdapterEnvironment.isSet(environment, CodexConfig.KEY_VARIABLE)) {
      throw new KxmException(
          ErrorCode.HARNESS_NOT_LOGGED_IN,
          "codex needs an OpenAI key: set "
              + CodexConfig.KEY_VARIABLE
              + " in the supervisor's environment (and "
              + CodexConfig.BASE_URL_VARIABLE
              + " for another endpoint)");
    }
    Path root = WorkspaceRoot.of(input, "codex");
    ScratchFolder home = ScratchFolder.create("kxm-codex-");
    try {
      Optional<KxmMcpServer> kxm =
          KxmMcpServer.fromSupervisor(environment, "codex-" + input.sessionId());
      home.write("config.toml", CodexConfig.render(baseUrl(), kxm));
      SandboxLaunch launch =
          HarnessSandbox.launch(
              sandbox,
              input,
              argv(codex.path(), root, input.model(), input.access(), input.sandboxed()),
              root,
              List.of(home.path()),
              input.sandboxed()
                  ? HarnessSandbox.endpoints(environment, baseUrl(), CodexConfig.BASE_URL_VARIABLE)
                  : List.of(),
              "harness 'codex'");
      ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(root.toFile());
      builder.environment().clear();
      builder
          .environment()
          .putAll(
              AdapterEnvironment.forTurn(
                  environment,
                  input,
                  Set.of(CodexConfig.KEY_VARIABLE, CodexConfig.BASE_URL_VARIABLE),
                  Map.of("CODEX_HOME", home.path().toString())));
      Process process = launch.start(builder);
      home.removeAfter(process);
      return ProcessTurn.begin(process, input, listener, clock, new CodexJsonProtocol());
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      home.close();
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED, "codex did not start in " + root + ": " + e.getMessage());
    } catch (RuntimeException e) {
      home.close();
      throw e;
    }
  }

  /**
   * {@code codex exec} with the prompt on stdin; a model named {@code openai/x} runs as {@code x}.
   */
  static List<String> argv(Path codex, Path root, String model) {
    return argv(codex, root, model, WorkspaceAccess.SESSION, false);
  }

  /**
   * @param sandboxed the whole CLI runs inside KXM's sandbox, which keeps the workspace read-only
   *     for a read-only turn and lets only the provider through; Codex's own command sandbox needs
   *     a helper under the home that the sandbox hides, so it is turned off there
   */
  static List<String> argv(
      Path codex, Path root, String model, WorkspaceAccess access, boolean sandboxed) {
    List<String> argv = new ArrayList<>();
    argv.add(codex.toString());
    argv.add("exec");
    argv.add("--json");
    argv.add("--skip-git-repo-check");
    argv.add("--ephemeral");
    argv.add("--color");
    argv.add("never");
    argv.add("--sandbox");
    argv.add(
        sandboxed
            ? INSIDE_SANDBOX
            : access == WorkspaceAccess.READ_ONLY ? READ_ONLY_SANDBOX : SANDBOX);
    argv.add("-C");
    argv.add(root.toString());
    if (model != null && !model.isBlank()) {
      argv.add("-m");
      argv.add(model.startsWith("openai/") ? model.substring("openai/".length()) : model);
    }
    argv.add("-");
    return argv;
  }

  private String baseUrl() {
    return AdapterEnvironment.isSet(environment, CodexConfig.BASE_URL_VARIABLE)
        ? environment.get(CodexConfig.BASE_URL_VARIABLE).strip()
        : CodexConfig.DEFAULT_BASE_URL;
  }
}

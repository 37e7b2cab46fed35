package io.kxm.session.harness;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxEndpoint;
import io.kxm.runtime.sandbox.SandboxLaunch;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.provider.ModelRoutes;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The {@code command} harness: each turn starts the session's {@code argv} as a child process, with
 * no shell, in the workspace root, and speaks the JSON-lines protocol of docs/harness-protocol.md
 * over its stdin and stdout. A turn whose route asks for the sandbox runs inside {@link Sandbox},
 * writable only in the workspace root and reaching only the provider of its model route (and the
 * hub), or is refused with {@code sandbox_unavailable}.
 */
public final class CommandHarness implements Harness {
  private final List<String> argv;
  private final Map<String, String> environment;
  private final Clock clock;
  private final Sandbox sandbox;

  /** A harness for {@code spec} whose processes inherit this process's environment, filtered. */
  public CommandHarness(HarnessSpec spec) {
    this(spec, System.getenv(), Clock.systemUTC());
  }

  /**
   * @param environment the supervisor environment the turn's environment is built from ({@link
   *     HarnessEnvironment})
   */
  public CommandHarness(HarnessSpec spec, Map<String, String> environment, Clock clock) {
    this(spec, environment, clock, Sandbox.of(environment));
  }

  /** As above, with the sandbox that wraps turns whose route asks for it. */
  public CommandHarness(
      HarnessSpec spec, Map<String, String> environment, Clock clock, Sandbox sandbox) {
    if (!HarnessSpec.COMMAND.equals(spec.type()) || spec.argv().isEmpty()) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "a command harness needs type 'command' and a non-empty argv, got type '"
              + spec.type()
              + "' with "
              + spec.argv().size()
              + " arguments");
    }
    this.argv = spec.argv();
    this.environment = Map.copyOf(environment);
    this.clock = clock;
    this.sandbox = sandbox;
  }

  @Override
  public HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener) {
    String program = argv.getFirst();
    Path root = workspaceRoot(input, program);
    SandboxLaunch launch =
        HarnessSandbox.launch(
            sandbox,
            input,
            argv,
            root,
            List.of(),
            input.sandboxed() ? endpoints(input) : List.of(),
            "harness '" + program + "'");
    ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(root.toFile());
    builder.environment().clear();
    builder.environment().putAll(HarnessEnvironment.forTurn(environment, input));
    Process process;
    try {
      process = launch.start(builder);
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      // start() throws these for a missing or denied program or a platform without processes:
      // in every case the harness never ran. The arguments may carry anything a session was
      // created with, so only the program is named.
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "harness '" + program + "' did not start in " + root + ": " + reason(e));
    }
    return ProcessTurn.begin(process, input, listener, clock);
  }

  /** The provider of the turn's model route, as the built-in agent would call it, and the hub. */
  private List<SandboxEndpoint> endpoints(TurnInput input) {
    Optional<URI> provider = new ModelRoutes(environment).baseUrl(input.model());
    return HarnessSandbox.endpoints(
        environment, provider.map(URI::toString).orElse(null), "the model provider's base URL");
  }

  private static Path workspaceRoot(TurnInput input, String program) {
    Path root = null;
    try {
      root = input.workspaceRoot() == null ? null : Path.of(input.workspaceRoot());
    } catch (InvalidPathException e) {
      // not a path this system can name: refused below like a missing folder
    }
    if (root == null || !root.isAbsolute() || !Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "harness '"
              + program
              + "' cannot start: workspace root "
              + input.workspaceRoot()
              + " is not the absolute path of a folder");
    }
    return root;
  }

  private static String reason(Exception e) {
    Throwable cause = e.getCause() != null ? e.getCause() : e;
    return cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage();
  }
}

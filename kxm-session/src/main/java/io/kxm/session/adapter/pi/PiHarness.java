package io.kxm.session.adapter.pi;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.route.Route;
import io.kxm.runtime.route.RouteHarness;
import io.kxm.runtime.route.VendorRule;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.runtime.sandbox.SandboxLaunch;
import io.kxm.session.adapter.AdapterEnvironment;
import io.kxm.session.adapter.CliBinary;
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
 * The {@code pi} harness: each turn runs {@code pi -p --mode json --no-session} once in the
 * workspace, with a temporary agent folder ({@code PI_CODING_AGENT_DIR}) whose {@code models.json}
 * ({@link PiModels}) defines the session's model at the endpoint in {@code KXM_PI_BASE_URL}. Pi
 * gets {@code KXM_PI_API_KEY} on purpose and no other credential. A session's model is {@code
 * provider/id}; Pi asks the endpoint for {@code id}. The native-vendor brake holds here too: an
 * Anthropic or OpenAI model never runs through Pi.
 */
public final class PiHarness implements Harness {
  /** Pi's tools that only read, all a read-only turn gets. */
  static final String READ_ONLY_TOOLS = "read,grep,find,ls";

  static final CliBinary BINARY =
      new CliBinary("pi", "KXM_PI_BIN", "@mariozechner/pi-coding-agent");

  private final Map<String, String> environment;
  private final Clock clock;
  private final Sandbox sandbox;

  /**
   * @param environment the supervisor's environment: where to find {@code pi}, the endpoint and its
   *     key
   */
  public PiHarness(Map<String, String> environment, Clock clock) {
    this(environment, clock, Sandbox.of(environment));
  }

  /** As above, with the sandbox that wraps turns whose agent or route asks for it. */
  public PiHarness(Map<String, String> environment, Clock clock, Sandbox sandbox) {
    this.environment = Map.copyOf(environment);
    this.clock = clock;
    this.sandbox = sandbox;
  }

  /**
   * @throws KxmException {@code harness_model_invalid} or {@code route_vendor_mismatch} for a model
   *     Pi may not run, {@code harness_unavailable} without a working {@code pi}, {@code
   *     harness_not_logged_in} without the endpoint or its key, {@code harness_start_failed} when
   *     the workspace is no folder or the process cannot start
   */
  @Override
  public HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener) {
    String modelId = modelId(input.model());
    CliBinary.Found pi = BINARY.locate(environment);
    String baseUrl = required(PiModels.BASE_URL_VARIABLE, "the endpoint that serves the model");
    required(PiModels.KEY_VARIABLE, "the endpoint's key");
    Path root = WorkspaceRoot.of(input, "pi");
    ScratchFolder agentDir = ScratchFolder.create("kxm-pi-");
    try {
      agentDir.write("models.json", PiModels.render(baseUrl, modelId));
      List<String> argv =
          new ArrayList<>(
              List.of(
                  pi.path().toString(),
                  "-p",
                  "--mode",
                  "json",
                  "--no-session",
                  "--offline",
                  "--provider",
                  PiModels.PROVIDER,
                  "--model",
                  modelId));
      if (input.access() == WorkspaceAccess.READ_ONLY) {
        argv.addAll(List.of("--tools", READ_ONLY_TOOLS));
      }
      SandboxLaunch launch =
          HarnessSandbox.launch(
              sandbox,
              input,
              argv,
              root,
              List.of(agentDir.path()),
              input.sandboxed()
                  ? HarnessSandbox.endpoints(environment, baseUrl, PiModels.BASE_URL_VARIABLE)
                  : List.of(),
              "harness 'pi'");
      ProcessBuilder builder = new ProcessBuilder(launch.command()).directory(root.toFile());
      builder.environment().clear();
      builder
          .environment()
          .putAll(
              AdapterEnvironment.forTurn(
                  environment,
                  input,
                  Set.of(PiModels.KEY_VARIABLE),
                  Map.of(
                      "PI_CODING_AGENT_DIR",
                      agentDir.path().toString(),
                      "PI_SKIP_VERSION_CHECK",
                      "1")));
      Process process = launch.start(builder);
      agentDir.removeAfter(process);
      return ProcessTurn.begin(process, input, listener, clock, new PiJsonProtocol());
    } catch (IOException | SecurityException | UnsupportedOperationException e) {
      agentDir.close();
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED, "pi did not start in " + root + ": " + e.getMessage());
    } catch (RuntimeException e) {
      agentDir.close();
      throw e;
    }
  }

  /** The id Pi asks the endpoint for: the session's {@code provider/id} less its provider. */
  static String modelId(String model) {
    Route route;
    try {
      route = new Route(RouteHarness.PI, model == null ? "" : model);
    } catch (IllegalArgumentException e) {
      throw new KxmException(
          ErrorCode.HARNESS_MODEL_INVALID,
          "a pi session needs a model named provider/id, got "
              + (model == null ? "none" : "'" + model + "'"));
    }
    Optional<String> breach = VendorRule.breach(route);
    if (breach.isPresent()) {
      throw new KxmException(ErrorCode.ROUTE_VENDOR_MISMATCH, breach.get());
    }
    return model.substring(route.provider().length() + 1);
  }

  private String required(String variable, String what) {
    if (!AdapterEnvironment.isSet(environment, variable)) {
      throw new KxmException(
          ErrorCode.HARNESS_NOT_LOGGED_IN,
          "pi needs "
              + what
              + ": set "
              + variable
              + " in the supervisor's environment (an OpenAI-compatible endpoint in "
              + PiModels.BASE_URL_VARIABLE
              + ", its key in "
              + PiModels.KEY_VARIABLE
              + ")");
    }
    return environment.get(variable).strip();
  }
}

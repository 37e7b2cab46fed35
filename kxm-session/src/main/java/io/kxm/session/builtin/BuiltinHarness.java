package io.kxm.session.builtin;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.HarnessTurn;
import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessEnvironment;
import io.kxm.session.provider.ModelClient;
import io.kxm.session.provider.ModelRoutes;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The {@code builtin} harness: KXM's own agent loop, run inside the supervisor against the model
 * the session names ({@code anthropic/…} or {@code openai/…}), with workspace tools whose writes
 * and commands land in a Git worktree of the session after a person approved them. See
 * docs/builtin-agent.md.
 */
public final class BuiltinHarness implements Harness {
  private final BuiltinSettings settings;
  private final ModelRoutes routes;
  private final Map<String, String> environment;
  private final SessionWorktrees worktrees;
  private final Sandbox sandbox;

  /**
   * @param environment the supervisor's environment: provider settings are read from it, and
   *     commands get it without secrets
   */
  public BuiltinHarness(
      BuiltinSettings settings, ModelRoutes routes, Map<String, String> environment) {
    this(settings, routes, environment, Sandbox.of(environment));
  }

  /**
   * @param sandbox holds the commands ({@code run_command}) of a turn that asks for the sandbox
   */
  public BuiltinHarness(
      BuiltinSettings settings,
      ModelRoutes routes,
      Map<String, String> environment,
      Sandbox sandbox) {
    this.settings = settings;
    this.routes = routes;
    this.environment = Map.copyOf(environment);
    this.worktrees = new SessionWorktrees(settings.worktrees());
    this.sandbox = sandbox;
  }

  /**
   * The factory {@link io.kxm.session.turn.Harnesses} registers; settings are read now, so a bad
   * one refuses the supervisor's start.
   */
  public static Function<HarnessSpec, Harness> factory(Map<String, String> environment) {
    return factory(environment, Sandbox.of(environment));
  }

  /** As above, with the sandbox that holds the commands of turns that ask for it. */
  public static Function<HarnessSpec, Harness> factory(
      Map<String, String> environment, Sandbox sandbox) {
    BuiltinSettings settings = BuiltinSettings.fromEnvironment(environment);
    ModelRoutes routes = new ModelRoutes(environment);
    BuiltinHarness harness = new BuiltinHarness(settings, routes, environment, sandbox);
    return spec -> {
      if (!HarnessSpec.BUILTIN.equals(spec.type()) || !spec.argv().isEmpty()) {
        throw new KxmException(
            ErrorCode.HARNESS_INVALID, "the built-in harness takes type 'builtin' and no argv");
      }
      return harness;
    };
  }

  @Override
  public HarnessTurn start(TurnInput input, Consumer<HarnessOutput> listener) {
    checkWorkspace(input);
    if (input.sandboxed() && !sandbox.status().available()) {
      throw new KxmException(
          ErrorCode.SANDBOX_UNAVAILABLE,
          "the built-in agent's turn asks for the sandbox for its commands, which cannot run here: "
              + sandbox.status().detail());
    }
    Map<String, String> commandEnvironment = HarnessEnvironment.forTurn(environment, input);
    return BuiltinTurn.begin(
        input.runId(),
        listener,
        (out, approvals, model) -> {
          String route = input.model() != null ? input.model() : settings.defaultModel();
          ModelRoutes.Route parsed = ModelRoutes.parse(route);
          ModelClient client = routes.client(parsed);
          return new AgentLoop(
              input,
              parsed.model(),
              client,
              new WorkspaceTools(commandEnvironment, input.sandboxed() ? sandbox : null),
              approvals,
              settings,
              worktrees,
              out,
              model);
        });
  }

  private static void checkWorkspace(TurnInput input) {
    Path root = null;
    try {
      root = input.workspaceRoot() == null ? null : Path.of(input.workspaceRoot());
    } catch (InvalidPathException e) {
      // refused below like a missing folder
    }
    if (root == null || !root.isAbsolute() || !Files.isDirectory(root)) {
      throw new KxmException(
          ErrorCode.HARNESS_START_FAILED,
          "the built-in agent cannot start: workspace root "
              + input.workspaceRoot()
              + " is not the absolute path of a folder");
    }
  }
}

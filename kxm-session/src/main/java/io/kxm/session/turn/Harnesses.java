package io.kxm.session.turn;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.runtime.sandbox.Sandbox;
import io.kxm.session.adapter.claude.ClaudeCodeHarness;
import io.kxm.session.adapter.codex.CodexHarness;
import io.kxm.session.adapter.pi.PiHarness;
import io.kxm.session.api.Harness;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.builtin.BuiltinHarness;
import io.kxm.session.harness.CommandHarness;
import java.time.Clock;
import java.util.Map;
import java.util.function.Function;

/**
 * Which {@link Harness} runs a session's turns, by the harness type the session was created with.
 */
public final class Harnesses implements Function<HarnessSpec, Harness> {
  private final Map<String, Function<HarnessSpec, Harness>> byType;

  private Harnesses(Map<String, Function<HarnessSpec, Harness>> byType) {
    this.byType = Map.copyOf(byType);
  }

  /** Every harness type this build runs, with the supervisor's environment and the system clock. */
  public static Harnesses standard() {
    return standard(System.getenv(), Clock.systemUTC());
  }

  /**
   * The {@code command} harness and the {@code claude-code} adapter.
   *
   * @param environment the supervisor's environment, filtered for each turn by the harness
   */
  public static Harnesses standard(Map<String, String> environment, Clock clock) {
    Map<String, String> env = Map.copyOf(environment);
    Sandbox sandbox = Sandbox.of(env);
    return new Harnesses(
        Map.of(
            HarnessSpec.COMMAND,
            spec -> new CommandHarness(spec, env, clock, sandbox),
            HarnessSpec.CLAUDE_CODE,
            spec -> new ClaudeCodeHarness(spec, env, clock, sandbox),
            HarnessSpec.CODEX,
            spec -> new CodexHarness(env, clock, sandbox),
            HarnessSpec.PI,
            spec -> new PiHarness(env, clock, sandbox),
            HarnessSpec.BUILTIN,
            BuiltinHarness.factory(env, sandbox)));
  }

  @Override
  public Harness apply(HarnessSpec spec) {
    Function<HarnessSpec, Harness> factory = byType.get(spec.type());
    if (factory == null) {
      throw new KxmException(
          ErrorCode.HARNESS_INVALID,
          "no harness of type '" + spec.type() + "'; known: " + byType.keySet());
    }
    return factory.apply(spec);
  }
}

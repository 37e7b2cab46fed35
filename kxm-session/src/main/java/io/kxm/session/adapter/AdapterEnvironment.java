package io.kxm.session.adapter;

import io.kxm.session.api.TurnInput;
import io.kxm.session.harness.HarnessEnvironment;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The environment of an agent CLI's process: what {@link HarnessEnvironment} gives any harness (the
 * supervisor's variables less credentials, plus the turn's identity), the few variables of the
 * CLI's own vendor that the adapter passes on purpose (its key and base URL), and the adapter's own
 * settings. Another vendor's credential never reaches the CLI.
 */
public final class AdapterEnvironment {
  private AdapterEnvironment() {}

  /**
   * @param supervisor the supervisor's environment
   * @param passThrough variables copied from {@code supervisor} when set there, credential-like
   *     names included
   * @param settings variables the adapter sets itself; they win over both
   */
  public static Map<String, String> forTurn(
      Map<String, String> supervisor,
      TurnInput input,
      Set<String> passThrough,
      Map<String, String> settings) {
    Map<String, String> env = new TreeMap<>(HarnessEnvironment.forTurn(supervisor, input));
    for (String name : passThrough) {
      String value = supervisor.get(name);
      if (value != null && !value.isEmpty()) {
        env.put(name, value);
      }
    }
    env.putAll(settings);
    return env;
  }

  /** Whether {@code supervisor} sets {@code name} to something other than blanks. */
  public static boolean isSet(Map<String, String> supervisor, String name) {
    String value = supervisor.get(name);
    return value != null && !value.isBlank();
  }
}

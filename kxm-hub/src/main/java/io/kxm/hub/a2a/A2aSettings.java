package io.kxm.hub.a2a;

import io.kxm.core.settings.EnvSettings;
import java.util.HashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which hub agents answer over A2A. Nothing is exposed unless {@code KXM_A2A} names it: a project
 * ({@code alpha}, every agent of it) or one agent ({@code alpha/bob}), comma-separated. Names are
 * compared ignoring case, as agent names are.
 */
public record A2aSettings(Set<String> projects, Set<String> agents) {
  public static final String VARIABLE = "KXM_A2A";

  public A2aSettings {
    projects = Set.copyOf(projects);
    agents = Set.copyOf(agents);
  }

  public static A2aSettings none() {
    return new A2aSettings(Set.of(), Set.of());
  }

  public static A2aSettings fromEnvironment(Map<String, String> env) {
    Set<String> projects = new HashSet<>();
    Set<String> agents = new HashSet<>();
    for (String entry : EnvSettings.of(env).list(VARIABLE)) {
      String[] parts = entry.split("/", -1);
      boolean wellFormed =
          (parts.length == 1 || parts.length == 2)
              && java.util.Arrays.stream(parts).noneMatch(String::isBlank);
      if (!wellFormed) {
        throw EnvSettings.invalid(
            VARIABLE, "entries are <project> or <project>/<agent>, got '" + entry + "'");
      }
      if (parts.length == 1) {
        projects.add(key(parts[0]));
      } else {
        agents.add(key(parts[0]) + "/" + key(parts[1]));
      }
    }
    return new A2aSettings(projects, agents);
  }

  public boolean exposes(String project, String agent) {
    return projects.contains(key(project)) || agents.contains(key(project) + "/" + key(agent));
  }

  private static String key(String name) {
    return name.strip().toLowerCase(Locale.ROOT);
  }
}

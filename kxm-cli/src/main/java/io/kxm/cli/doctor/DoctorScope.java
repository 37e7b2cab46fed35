package io.kxm.cli.doctor;

import io.kxm.core.paths.ProjectPaths;
import io.kxm.core.paths.StatePaths;
import io.kxm.supervisor.SupervisorPaths;
import java.time.Clock;
import java.util.Map;

/**
 * What every check looks at: the environment {@code kxm doctor} runs with (the same one {@code kxm
 * hub start} and {@code kxm runtime start} would read), the project folder it runs in, the user
 * state root and the clock to compare the hub's against.
 */
public record DoctorScope(
    Map<String, String> env, ProjectPaths project, StatePaths state, Clock clock) {

  public DoctorScope {
    env = Map.copyOf(env);
  }

  public SupervisorPaths supervisor() {
    return SupervisorPaths.of(state);
  }
}

package io.kxm.runtime.drive;

import io.kxm.runtime.api.GateExecutor;
import io.kxm.runtime.prompt.PromptSidecar;
import io.kxm.runtime.run.RunState;
import io.kxm.runtime.store.Batch;
import io.kxm.runtime.store.RunEventLog;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.function.Function;

/**
 * What every drive of one project shares.
 *
 * @param runFiles the project's runtime folder, beside its event store: run worktrees and artifacts
 *     live under it
 * @param maxAttempts attempts per assignment before its step fails ({@code attempts_exhausted})
 * @param defaultGateTimeout for a gate whose entry and step set no timeout
 */
public record DriveContext(
    RunEventLog store,
    PromptSidecar prompts,
    Clock clock,
    Path projectRoot,
    Path runFiles,
    GateExecutor gates,
    int maxAttempts,
    Duration defaultGateTimeout) {

  public static final int MAX_ATTEMPTS = 2;

  RunState append(String runId, Function<RunState, Batch> decide) {
    return store.append(runId, clock.instant(), decide);
  }
}

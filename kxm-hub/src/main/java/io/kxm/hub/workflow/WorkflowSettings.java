package io.kxm.hub.workflow;

import io.kxm.core.settings.EnvSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

/**
 * Settings of webhook workflows, read once at start.
 *
 * @param definitionsDir where definitions are loaded from ({@code KXM_WORKFLOWS_DIR}, {@code
 *     .kxm/webhooks/} of the project)
 * @param retrospectivesDir where every finished run's retrospective is written ({@code
 *     .kxm/assets/retrospectives/} of the project)
 * @param retention how long finished runs and their journal are kept, and how long the digest of an
 *     accepted untimestamped signature is kept to refuse its replay ({@code
 *     KXM_WORKFLOW_RETENTION_MS}, 7 days)
 * @param promptTtl how long a coordinator prompt waits for its reply; an expired prompt fails a
 *     running run ({@code KXM_WORKFLOW_PROMPT_TTL_MS}, 24 h)
 * @param sweepInterval how often passed wait deadlines are failed ({@code
 *     KXM_WORKFLOW_SWEEP_INTERVAL_MS}, 1 s)
 * @param purgeInterval how often the retention purge runs (60 s)
 */
public record WorkflowSettings(
    Path definitionsDir,
    Path retrospectivesDir,
    Duration retention,
    Duration promptTtl,
    Duration sweepInterval,
    Duration purgeInterval) {
  private static final Duration FOREVER = Duration.ofMillis(Long.MAX_VALUE);

  public WorkflowSettings {
    Objects.requireNonNull(definitionsDir, "definitionsDir");
    Objects.requireNonNull(retrospectivesDir, "retrospectivesDir");
    Objects.requireNonNull(retention, "retention");
    Objects.requireNonNull(promptTtl, "promptTtl");
    Objects.requireNonNull(sweepInterval, "sweepInterval");
    Objects.requireNonNull(purgeInterval, "purgeInterval");
  }

  /** Defaults for a project rooted at {@code root}. */
  public static WorkflowSettings defaults(Path root) {
    Path kxm = root.toAbsolutePath().normalize().resolve(".kxm");
    return new WorkflowSettings(
        kxm.resolve("webhooks"),
        kxm.resolve("assets").resolve("retrospectives"),
        Duration.ofDays(7),
        Duration.ofHours(24),
        Duration.ofSeconds(1),
        Duration.ofSeconds(60));
  }

  public static WorkflowSettings fromEnvironment(Path root, Map<String, String> env) {
    WorkflowSettings d = defaults(root);
    EnvSettings read = EnvSettings.of(env);
    String dir = read.string("KXM_WORKFLOWS_DIR");
    return new WorkflowSettings(
        dir == null ? d.definitionsDir : Path.of(dir).toAbsolutePath(),
        d.retrospectivesDir,
        millis(read, "KXM_WORKFLOW_RETENTION_MS", d.retention),
        millis(read, "KXM_WORKFLOW_PROMPT_TTL_MS", d.promptTtl),
        millis(read, "KXM_WORKFLOW_SWEEP_INTERVAL_MS", d.sweepInterval),
        d.purgeInterval);
  }

  public WorkflowSettings withSweepInterval(Duration value) {
    return new WorkflowSettings(
        definitionsDir, retrospectivesDir, retention, promptTtl, value, purgeInterval);
  }

  public WorkflowSettings withPurgeInterval(Duration value) {
    return new WorkflowSettings(
        definitionsDir, retrospectivesDir, retention, promptTtl, sweepInterval, value);
  }

  private static Duration millis(EnvSettings read, String name, Duration fallback) {
    return read.millis(name, fallback, Duration.ofMillis(1), FOREVER);
  }
}

package io.kxm.supervisor;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.retention.PurgeResult;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.api.RunSummary;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The projects one supervisor hosts: each registered in the registry on first use and opened once.
 * Runs are found by id across projects, through the registry's run map or, for a run it does not
 * know, by asking each project.
 */
final class HostedProjects implements AutoCloseable {
  static final Pattern RUN_ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}");

  private final SupervisorRegistry registry;
  private final SupervisorPaths paths;
  private final ProjectRunsFactory factory;
  private final String runtimeId;
  private final Clock clock;
  private final ServerWorkspace workspace;
  private final Map<String, ProjectRuns> open = new LinkedHashMap<>();

  /**
   * @param workspace the one workspace a runtime server hosts; null for the per-user supervisor
   */
  HostedProjects(
      SupervisorRegistry registry,
      SupervisorPaths paths,
      ProjectRunsFactory factory,
      String runtimeId,
      Clock clock,
      ServerWorkspace workspace) {
    this.workspace = workspace;
    this.registry = registry;
    this.paths = paths;
    this.factory = factory;
    this.runtimeId = runtimeId;
    this.clock = clock;
  }

  /** A hosted project: its registry entry and its runs. */
  record Hosted(ProjectEntry entry, ProjectRuns runs) {}

  /** The project rooted at {@code projectRoot}, registered and opened on first use. */
  Hosted forRoot(String projectRoot) {
    Path root = canonicalRoot(projectRoot);
    if (workspace != null) {
      workspace.admit(root, "projectRoot");
    }
    ProjectEntry entry = registry.register(root, projectId(root), runtimeId, clock.instant());
    return new Hosted(entry, runsOf(entry));
  }

  /** The project that holds {@code runId}. */
  Hosted forRun(String runId) {
    requireRunId(runId);
    Optional<ProjectEntry> known = registry.projectOfRun(runId).flatMap(registry::project);
    if (known.isPresent()) {
      return new Hosted(known.get(), runsOf(known.get()));
    }
    for (ProjectEntry entry : registry.projects()) {
      ProjectRuns runs = runsOf(entry);
      if (holds(runs, runId)) {
        registry.recordRun(runId, entry.projectKey());
        return new Hosted(entry, runs);
      }
    }
    throw new KxmException(
        ErrorCode.RUN_NOT_FOUND, "no project hosted by this supervisor has the run " + runId);
  }

  /**
   * Runs the retention purge of every registered project's run store, opening those not opened yet;
   * a project that fails is reported and the others still purge.
   */
  List<PurgeResult> purgeRuns(Instant now, Duration retention, boolean dryRun) {
    List<PurgeResult> results = new ArrayList<>();
    for (ProjectEntry entry : registry.projects()) {
      results.addAll(runsOf(entry).retention(retention).purge(now, dryRun));
    }
    return results;
  }

  /** The projects opened so far, by project key. */
  synchronized Map<String, ProjectRuns> openProjects() {
    return Map.copyOf(open);
  }

  void recordRun(String runId, ProjectEntry entry) {
    registry.recordRun(runId, entry.projectKey());
  }

  /**
   * Runs {@link ProjectRuns#reconcile()} for every registered project.
   *
   * @return the changed runs by project key; a project that failed maps to its error instead
   */
  Map<String, Object> reconcileAll() {
    Map<String, Object> outcome = new LinkedHashMap<>();
    for (ProjectEntry entry : registry.projects()) {
      try {
        List<RunSummary> changed = runsOf(entry).reconcile();
        changed.forEach(run -> registry.recordRun(run.runId(), entry.projectKey()));
        outcome.put(entry.projectKey(), changed);
      } catch (RuntimeException e) {
        outcome.put(entry.projectKey(), e);
      }
    }
    return outcome;
  }

  private static boolean holds(ProjectRuns runs, String runId) {
    try {
      runs.status(runId);
      return true;
    } catch (KxmException e) {
      if (e.code() == ErrorCode.RUN_NOT_FOUND) {
        return false;
      }
      throw e;
    }
  }

  private synchronized ProjectRuns runsOf(ProjectEntry entry) {
    ProjectRuns runs = open.get(entry.projectKey());
    if (runs == null) {
      Path storeDir = paths.projectDir(entry.projectKey());
      try {
        io.kxm.core.secret.SecureFiles.createPrivateDirectories(storeDir);
      } catch (IOException e) {
        throw new KxmException(
            ErrorCode.STATE_DIR_UNUSABLE, "cannot create " + storeDir + ": " + e.getMessage(), e);
      }
      runs = factory.open(entry, storeDir);
      open.put(entry.projectKey(), runs);
    }
    return runs;
  }

  static void requireRunId(String runId) {
    if (runId == null || !RUN_ID.matcher(runId).matches()) {
      throw new KxmException(
          ErrorCode.INVALID_REQUEST,
          "a run id is 1 to 128 letters, digits, '_', '.', ':' or '-'",
          "Use a run id as 'kxm runs list' prints it.");
    }
  }

  private static Path canonicalRoot(String projectRoot) {
    if (projectRoot == null || projectRoot.isBlank() || projectRoot.length() > 4096) {
      throw new KxmException(ErrorCode.PROJECT_ROOT_INVALID, "projectRoot is required");
    }
    Path path;
    try {
      path = Path.of(projectRoot);
    } catch (RuntimeException e) {
      throw new KxmException(ErrorCode.PROJECT_ROOT_INVALID, "projectRoot is not a path");
    }
    if (!path.isAbsolute()) {
      throw new KxmException(
          ErrorCode.PROJECT_ROOT_INVALID, "projectRoot must be absolute, got " + projectRoot);
    }
    try {
      Path real = path.toRealPath();
      if (!Files.isDirectory(real)) {
        throw new KxmException(
            ErrorCode.PROJECT_ROOT_INVALID, "projectRoot " + real + " is not a folder");
      }
      // a linked .kxm is let through, for the loader to refuse as kxm config validate does
      if (!Files.exists(real.resolve(".kxm"), LinkOption.NOFOLLOW_LINKS)) {
        throw new KxmException(
            ErrorCode.CONFIG_NOT_FOUND, "the project " + real + " has no .kxm/ folder");
      }
      return real;
    } catch (IOException e) {
      throw new KxmException(
          ErrorCode.PROJECT_ROOT_INVALID, "projectRoot " + projectRoot + " does not exist");
    }
  }

  private static String projectId(Path root) {
    Path name = root.getFileName();
    return name == null ? root.toString() : name.toString();
  }

  @Override
  public synchronized void close() {
    List<Exception> failures = new ArrayList<>();
    for (ProjectRuns runs : open.values()) {
      if (runs instanceof AutoCloseable closeable) {
        try {
          closeable.close();
        } catch (Exception e) {
          failures.add(e);
        }
      }
    }
    open.clear();
    try {
      factory.close();
    } catch (RuntimeException e) {
      failures.add(e);
    }
    if (!failures.isEmpty()) {
      IllegalStateException e = new IllegalStateException("closing project stores failed");
      failures.forEach(e::addSuppressed);
      throw e;
    }
  }
}

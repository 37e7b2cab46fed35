package io.kxm.supervisor;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The machine registry as the supervisor uses it: its one supervisor row, the projects it hosts and
 * which project each run belongs to. {@link Registry} keeps it in SQLite.
 *
 * <p>Each call is atomic on its own and visible to the next call once it returns, from this handle
 * or another one on the same registry. Projects list in registration order (then by key); a project
 * or a run is recorded once, and recording it again keeps the first record. Failures are {@link
 * io.kxm.core.error.KxmException}s with {@code store_unavailable}.
 */
public interface SupervisorRegistry extends AutoCloseable {

  /** The supervisor row; empty before any supervisor claimed the registry. */
  Optional<SupervisorRow> supervisor();

  /** Replaces the supervisor row with {@code row}: a new supervisor owns the registry now. */
  void claim(SupervisorRow row);

  /**
   * Updates heartbeat and state, only while the row still names {@code runtimeId}.
   *
   * @return false when another supervisor owns the row now, or none claimed it
   */
  boolean beat(String runtimeId, Instant at, String state);

  /** The project at {@code canonicalRoot}, registered first if it is new. */
  ProjectEntry register(Path canonicalRoot, String projectId, String runtimeId, Instant at);

  Optional<ProjectEntry> project(String projectKey);

  /** Every registered project, oldest registration first. */
  List<ProjectEntry> projects();

  /** Remembers which registered project a run belongs to; a run already recorded keeps its own. */
  void recordRun(String runId, String projectKey);

  Optional<String> projectOfRun(String runId);

  @Override
  void close();
}

package io.kxm.runtime.project;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.receipt.Receipts;
import io.kxm.runtime.store.PostgresRunEventLog;
import io.kxm.runtime.store.RunEventLog;
import io.kxm.runtime.store.RunEventStore;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.store.postgres.PostgresDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Opens each project's {@link RunEventLog} where {@link RuntimeDatabase} says: its own {@code
 * run-events.db} under the state root (the default), or the runtime's PostgreSQL schema of runs,
 * which every project of the process shares through one pool, opened on first use and closed with
 * this object. A process reads the choice once and hands this object to whatever opens projects.
 */
public final class RunEventLogs implements AutoCloseable {
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{24}");

  private final StatePaths state;
  private final RuntimeDatabase where;
  private final Clock clock;
  private PostgresDatabase postgres; // guarded by this; null until a project needs it

  private RunEventLogs(StatePaths state, RuntimeDatabase where, Clock clock) {
    this.state = state;
    this.where = where;
    this.clock = clock;
  }

  public static RunEventLogs of(StatePaths state, RuntimeDatabase where, Clock clock) {
    return new RunEventLogs(state, where, clock);
  }

  /** SQLite files only, whatever the environment says: for tests and tools of one file. */
  public static RunEventLogs sqlite(StatePaths state) {
    return new RunEventLogs(state, RuntimeDatabase.sqlite(), Clock.systemUTC());
  }

  /**
   * As {@code KXM_RUNTIME_DATABASE_URL} and its companions in {@code env} say.
   *
   * @throws io.kxm.core.error.KxmException {@code config_invalid} for a bad setting
   */
  public static RunEventLogs fromEnvironment(
      StatePaths state, Map<String, String> env, Clock clock) {
    return new RunEventLogs(state, RuntimeDatabase.fromEnvironment(env), clock);
  }

  public RuntimeDatabase database() {
    return where;
  }

  public boolean onPostgres() {
    return where.onPostgres();
  }

  /**
   * The log of project {@code key}, created when new; {@code signer} signs each run's head, null
   * for readers of the outbox only.
   */
  public RunEventLog open(String key, Receipts signer) {
    if (!where.onPostgres()) {
      return RunEventStore.open(ProjectKeys.eventStore(state, key), signer);
    }
    return PostgresRunEventLog.open(postgres(), key, signer);
  }

  /**
   * The projects that have runs here, in key order: the project folders holding a {@code
   * run-events.db}, or the projects named in the PostgreSQL schema.
   */
  public List<String> projectKeys() throws IOException {
    if (where.onPostgres()) {
      return PostgresRunEventLog.projectKeys(postgres());
    }
    Path projects = state.root().resolve("runtime").resolve("projects");
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    try (Stream<Path> folders = Files.list(projects)) {
      return folders
          .map(folder -> folder.getFileName().toString())
          .filter(key -> KEY.matcher(key).matches())
          .filter(key ->
              Files.isRegularFile(ProjectKeys.eventStore(state, key), LinkOption.NOFOLLOW_LINKS))
          .sorted()
          .toList();
    }
  }

  private synchronized PostgresDatabase postgres() {
    if (postgres == null) {
      postgres = PostgresRunEventLog.openDatabase(where, clock);
    }
    return postgres;
  }

  @Override
  public synchronized void close() {
    if (postgres != null) {
      postgres.close();
      postgres = null;
    }
  }
}

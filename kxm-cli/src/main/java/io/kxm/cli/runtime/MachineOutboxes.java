package io.kxm.cli.runtime;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.store.RuntimeDatabase;
import io.kxm.runtime.sync.EventStoreOutboxes;
import io.kxm.runtime.sync.ProjectOutboxes;
import io.kxm.session.api.SessionStore;
import io.kxm.session.store.SessionStores;
import io.kxm.supervisor.SupervisorPaths;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Every outbox on this machine, for {@code kxm runtime sync-retry}: each project's run events and,
 * when the session store exists (the file, or the runtime's PostgreSQL database), the session runs
 * of each project folder under {@code runtime/projects/}. The stores are opened with this and
 * closed with it.
 */
final class MachineOutboxes implements ProjectOutboxes, AutoCloseable {
  private static final Pattern KEY = Pattern.compile("[0-9a-f]{24}");

  private final EventStoreOutboxes runs;
  private final SessionStore sessions;
  private final List<ProjectOutbox> all;

  private MachineOutboxes(EventStoreOutboxes runs, SessionStore sessions, List<ProjectOutbox> all) {
    this.runs = runs;
    this.sessions = sessions;
    this.all = List.copyOf(all);
  }

  /** {@code env} says where the runtime keeps its stores (SQLite files or PostgreSQL). */
  static MachineOutboxes open(StatePaths state, Map<String, String> env) {
    RuntimeDatabase database = RuntimeDatabase.fromEnvironment(env);
    EventStoreOutboxes runs = EventStoreOutboxes.open(state, env);
    List<ProjectOutbox> all = new ArrayList<>(runs.all());
    Path sessionsDb = SupervisorPaths.of(state).sessionsDb();
    if (!SessionStores.exists(database, sessionsDb)) {
      return new MachineOutboxes(runs, null, all);
    }
    SessionStore sessions;
    try {
      sessions = SessionStores.open(database, sessionsDb, Clock.systemUTC(), null);
    } catch (RuntimeException e) {
      runs.close();
      throw e;
    }
    for (String key : projectKeys(state)) {
      all.add(new ProjectOutbox(key, SESSION_RUNS, sessions.syncOutbox(key)));
    }
    return new MachineOutboxes(runs, sessions, all);
  }

  private static List<String> projectKeys(StatePaths state) {
    Path projects = state.root().resolve("runtime").resolve("projects");
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) {
      return List.of();
    }
    try (Stream<Path> folders = Files.list(projects)) {
      return folders
          .map(f -> f.getFileName().toString())
          .filter(k -> KEY.matcher(k).matches())
          .sorted()
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  @Override
  public List<ProjectOutbox> all() {
    return all;
  }

  @Override
  public void close() {
    try {
      runs.close();
    } finally {
      if (sessions != null) {
        sessions.close();
      }
    }
  }
}

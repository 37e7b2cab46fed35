package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.runtime.sync.OutboxPusher;
import io.kxm.runtime.sync.PushSettings;
import io.kxm.session.api.SessionStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The outbox pushers of the projects bound to a hub: one for each open project's run events, and
 * one for the session runs of each bound project, open or not (a project whose sessions run but
 * whose workflows never did is still bound). Each project's binding file is read again on every
 * refresh, so {@code kxm hub bind} takes effect without restarting the supervisor; a project
 * without a binding runs no pusher and its outbox rows wait, whatever other projects on the machine
 * are bound to.
 */
final class SyncPushers implements AutoCloseable {
  private static final Pattern PROJECT_KEY = Pattern.compile("[0-9a-f]{24}");

  private final StatePaths state;
  private final SessionStore sessions;
  private final String runtimeId;
  private final Clock clock;
  private final SupervisorLog log;
  private final Executor loops = r -> Thread.ofVirtual().name("kxm-sync-push").start(r);
  private final Map<Outboxes, Running> running = new HashMap<>();
  private boolean closed;

  /** Which of a project's outboxes a pusher drains. */
  private record Outboxes(String projectKey, boolean sessionRuns) {}

  /** A pusher and the binding it pushes with. */
  private record Running(HubBinding binding, OutboxPusher pusher) {}

  SyncPushers(
      StatePaths state, SessionStore sessions, String runtimeId, Clock clock, SupervisorLog log) {
    this.state = state;
    this.sessions = sessions;
    this.runtimeId = runtimeId;
    this.clock = clock;
    this.log = log;
  }

  /**
   * Starts pushers for bound projects opened or bound since the last call; restarts a pusher when
   * its binding moved and stops it when the binding is gone.
   */
  synchronized void refresh(Map<String, ProjectRuns> open) {
    if (closed) {
      return;
    }
    open.forEach((projectKey, runs) -> {
      if (runs instanceof Outbox outbox) {
        keep(new Outboxes(projectKey, false), outbox);
      }
    });
    Set<String> keys = boundKeys();
    running.keySet().stream()
        .filter(Outboxes::sessionRuns)
        .map(Outboxes::projectKey)
        .forEach(keys::add);
    for (String projectKey : keys) {
      keep(new Outboxes(projectKey, true), sessions.syncOutbox(projectKey));
    }
  }

  private void keep(Outboxes which, Outbox outbox) {
    HubBinding binding = readBinding(which.projectKey()).orElse(null);
    Running now = running.get(which);
    if (now != null && Objects.equals(now.binding(), binding)) {
      return;
    }
    if (now != null) {
      now.pusher().close();
      running.remove(which);
    }
    if (binding != null) {
      OutboxPusher pusher =
          new OutboxPusher(outbox, binding, runtimeId, clock, PushSettings.defaults());
      pusher.start(loops);
      running.put(which, new Running(binding, pusher));
      log.info(
          "sync.bound",
          Map.of(
              "projectKey", which.projectKey(),
              "outbox", which.sessionRuns() ? "session_runs" : "run_events",
              "url", binding.url().toString(),
              "project", binding.project()));
    }
  }

  /** The keys of the projects with a binding file under {@code runtime/projects/}. */
  private Set<String> boundKeys() {
    TreeSet<String> keys = new TreeSet<>();
    Path projects = state.root().resolve("runtime").resolve("projects");
    if (!Files.isDirectory(projects, LinkOption.NOFOLLOW_LINKS)) {
      return keys;
    }
    try (Stream<Path> folders = Files.list(projects)) {
      folders
          .map(f -> f.getFileName().toString())
          .filter(k -> PROJECT_KEY.matcher(k).matches())
          .filter(k -> Files.isRegularFile(HubBinding.file(state, k), LinkOption.NOFOLLOW_LINKS))
          .forEach(keys::add);
    } catch (IOException e) {
      log.warn("sync.projects_unlisted", Map.of("message", String.valueOf(e.getMessage())));
    }
    return keys;
  }

  private Optional<HubBinding> readBinding(String projectKey) {
    try {
      return HubBinding.load(state, projectKey);
    } catch (RuntimeException e) {
      // A broken binding file stops that project's syncing, never the supervisor; rows wait.
      log.warn(
          "sync.binding_unreadable",
          Map.of("projectKey", projectKey, "message", String.valueOf(e.getMessage())));
      return Optional.empty();
    }
  }

  @Override
  public synchronized void close() {
    closed = true;
    running.values().forEach(r -> r.pusher().close());
    running.clear();
  }
}

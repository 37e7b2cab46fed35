package io.kxm.supervisor;

import io.kxm.core.paths.StatePaths;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.ProjectRuns;
import io.kxm.runtime.sync.HubBinding;
import io.kxm.runtime.sync.OutboxPusher;
import io.kxm.runtime.sync.PushSettings;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Executor;

/**
 * One outbox pusher per open project that is bound to a hub. Each project's binding file is read
 * again on every refresh, so {@code kxm hub bind} takes effect without restarting the supervisor; a
 * project without a binding runs no pusher and its outbox rows wait, whatever other projects on the
 * machine are bound to.
 */
final class SyncPushers implements AutoCloseable {
  private final StatePaths state;
  private final String runtimeId;
  private final Clock clock;
  private final SupervisorLog log;
  private final Executor loops = r -> Thread.ofVirtual().name("kxm-sync-push").start(r);
  private final Map<String, Running> running = new HashMap<>();
  private boolean closed;

  /** A project's pusher and the binding it pushes with. */
  private record Running(HubBinding binding, OutboxPusher pusher) {}

  SyncPushers(StatePaths state, String runtimeId, Clock clock, SupervisorLog log) {
    this.state = state;
    this.runtimeId = runtimeId;
    this.clock = clock;
    this.log = log;
  }

  /**
   * Starts pushers for bound projects opened since the last call; restarts a project's pusher when
   * its binding moved and stops it when the binding is gone.
   */
  synchronized void refresh(Map<String, ProjectRuns> open) {
    if (closed) {
      return;
    }
    open.forEach((projectKey, runs) -> {
      HubBinding binding = readBinding(projectKey).orElse(null);
      Running now = running.get(projectKey);
      if (now != null && Objects.equals(now.binding(), binding)) {
        return;
      }
      if (now != null) {
        now.pusher().close();
        running.remove(projectKey);
      }
      if (binding != null && runs instanceof Outbox outbox) {
        OutboxPusher pusher =
            new OutboxPusher(outbox, binding, runtimeId, clock, PushSettings.defaults());
        pusher.start(loops);
        running.put(projectKey, new Running(binding, pusher));
        log.info(
            "sync.bound",
            Map.of(
                "projectKey", projectKey,
                "url", binding.url().toString(),
                "project", binding.project()));
      }
    });
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

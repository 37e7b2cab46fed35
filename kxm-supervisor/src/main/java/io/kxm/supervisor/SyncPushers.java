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
 * One outbox pusher per open project while the machine is bound to a hub. The binding file is read
 * again on every refresh, so {@code kxm hub bind} takes effect without restarting the supervisor;
 * without a binding no pusher runs and outbox rows wait.
 */
final class SyncPushers implements AutoCloseable {
  private final StatePaths state;
  private final String runtimeId;
  private final Clock clock;
  private final SupervisorLog log;
  private final Executor loops = r -> Thread.ofVirtual().name("kxm-sync-push").start(r);
  private final Map<String, OutboxPusher> running = new HashMap<>();
  private HubBinding current;
  private boolean closed;

  SyncPushers(StatePaths state, String runtimeId, Clock clock, SupervisorLog log) {
    this.state = state;
    this.runtimeId = runtimeId;
    this.clock = clock;
    this.log = log;
  }

  /**
   * Starts pushers for projects opened since the last call; restarts all when the binding moved.
   */
  synchronized void refresh(Map<String, ProjectRuns> open) {
    if (closed) {
      return;
    }
    HubBinding binding = readBinding().orElse(null);
    if (!Objects.equals(binding, current)) {
      stopAll();
      current = binding;
      if (binding != null) {
        log.info("sync.bound", Map.of("url", binding.url().toString()));
      }
    }
    if (current == null) {
      return;
    }
    open.forEach((projectKey, runs) -> {
      if (!running.containsKey(projectKey) && runs instanceof Outbox outbox) {
        OutboxPusher pusher =
            new OutboxPusher(outbox, current, runtimeId, clock, PushSettings.defaults());
        pusher.start(loops);
        running.put(projectKey, pusher);
      }
    });
  }

  private Optional<HubBinding> readBinding() {
    try {
      return HubBinding.load(state);
    } catch (RuntimeException e) {
      // A broken binding file stops syncing, never the supervisor; the rows keep waiting.
      log.warn("sync.binding_unreadable", Map.of("message", String.valueOf(e.getMessage())));
      return Optional.empty();
    }
  }

  private void stopAll() {
    running.values().forEach(OutboxPusher::close);
    running.clear();
  }

  @Override
  public synchronized void close() {
    closed = true;
    stopAll();
  }
}

package io.kxm.runtime.sync;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.sync.SyncEvent;
import io.kxm.runtime.api.Outbox;
import io.kxm.runtime.api.OutboxRow;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Pushes one project's outbox to the bound hub. Rows go oldest first, each becomes an allowlisted
 * {@link SyncEvent}, and a row is settled only by the hub's answer about it: acknowledged when the
 * hub accepted it or already held it, parked with the hub's code when refused. When the hub cannot
 * be reached nothing is settled, so no row is lost or sent out of order, and the loop backs off
 * (doubling up to a cap) until a push gets through.
 *
 * <pre>{@code
 * OutboxPusher pusher = new OutboxPusher(outbox, binding, runtimeId, clock, PushSettings.defaults());
 * pusher.start(executor);   // the supervisor; tests call pushOnce()
 * pusher.wake();            // after new events were committed
 * pusher.close();
 * }</pre>
 */
public final class OutboxPusher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(OutboxPusher.class);

  private final Outbox outbox;
  private final HubBinding binding;
  private final String runtimeId;
  private final Clock clock;
  private final PushSettings settings;
  private final HubSyncClient client;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition nudged = lock.newCondition();
  private final CountDownLatch stopped = new CountDownLatch(1);
  private volatile boolean started;
  private volatile boolean closed;
  private volatile boolean woken;
  private volatile SyncStatus status = new SyncStatus(null, null, 0, null);

  public OutboxPusher(
      Outbox outbox, HubBinding binding, String runtimeId, Clock clock, PushSettings settings) {
    this.outbox = outbox;
    this.binding = binding;
    this.runtimeId = runtimeId;
    this.clock = clock;
    this.settings = settings;
    this.client = new HubSyncClient(binding, settings.timeout());
  }

  /**
   * Pushes up to one batch of pending rows and settles each by the hub's answer. Safe to call while
   * the loop runs; pushes never overlap.
   */
  public PushResult pushOnce() {
    lock.lock();
    try {
      PushResult result = push();
      record(result);
      return result;
    } finally {
      lock.unlock();
    }
  }

  /** Where syncing stands: last success, last failure and when the loop tries next. */
  public SyncStatus status() {
    return status;
  }

  /** Starts the push loop on {@code executor}; at most once. */
  public void start(Executor executor) {
    lock.lock();
    try {
      if (started || closed) {
        throw new IllegalStateException("the pusher of " + binding.project() + " was started");
      }
      started = true;
    } finally {
      lock.unlock();
    }
    executor.execute(this::loop);
  }

  /** Makes a waiting loop push now, for example after new rows were committed. */
  public void wake() {
    signal();
  }

  /** Stops the loop after its current push and waits for it to end. Idempotent. */
  @Override
  public void close() {
    closed = true;
    signal();
    if (started) {
      try {
        stopped.await(settings.timeout().toMillis() + 1_000, TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  private void loop() {
    try {
      while (!closed) {
        PushResult result;
        try {
          result = pushOnce();
        } catch (RuntimeException e) {
          // The outbox itself failed (its store); keep the loop alive and try again later.
          LOG.warn("sync push for project {} failed: {}", binding.project(), e.getMessage());
          result = new PushResult.Failed(e.getClass().getSimpleName() + ": " + e.getMessage());
          record(result);
        }
        Duration wait =
            switch (result) {
              case PushResult.Idle idle -> settings.idle();
              case PushResult.Pushed pushed -> pushed.more() ? Duration.ZERO : settings.idle();
              case PushResult.Failed failed -> settings.backoff(status.failures());
            };
        pause(wait);
      }
    } finally {
      stopped.countDown();
    }
  }

  private void pause(Duration wait) {
    if (wait.isZero()) {
      return;
    }
    lock.lock();
    try {
      long nanos = wait.toNanos();
      while (!closed && !woken && nanos > 0) {
        nanos = nudged.awaitNanos(nanos);
      }
      woken = false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closed = true;
    } finally {
      lock.unlock();
    }
  }

  private void signal() {
    lock.lock();
    try {
      woken = true;
      nudged.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private PushResult push() {
    List<OutboxRow> rows = outbox.pending(settings.batchSize());
    if (rows.isEmpty()) {
      return new PushResult.Idle();
    }
    boolean more = rows.size() == settings.batchSize();
    List<OutboxRow> sendable = new ArrayList<>();
    List<SyncEvent> events = new ArrayList<>();
    int parked = 0;
    for (OutboxRow row : rows) {
      try {
        events.add(SyncAllowlist.build(row, binding.project()));
        sendable.add(row);
      } catch (KxmException e) {
        // It cannot travel in any form (its run id or type has no allowed shape): park it here.
        outbox.park(row.rowId(), e.code().code(), e.getMessage());
        parked++;
      }
    }
    if (events.isEmpty()) {
      return new PushResult.Pushed(0, parked, more);
    }
    PushResult sent = send(sendable, events);
    return switch (sent) {
      case PushResult.Pushed p ->
          new PushResult.Pushed(p.acknowledged(), p.parked() + parked, more);
      case PushResult.Failed f -> f;
      case PushResult.Idle i -> i;
    };
  }

  private PushResult send(List<OutboxRow> rows, List<SyncEvent> events) {
    HubSyncClient.Answer answer;
    try {
      answer = client.push(runtimeId, events);
    } catch (IOException e) {
      return new PushResult.Failed("hub " + binding.url() + " unreachable: " + describe(e));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new PushResult.Failed("interrupted");
    }
    if (answer.status() == 200) {
      return settle(rows, events, answer.body());
    }
    if (refusesBatch(answer.status()) && rows.size() > 1) {
      // The hub refused the batch whole; send one by one so only the culprit gets parked.
      int acknowledged = 0;
      int parked = 0;
      for (int i = 0; i < rows.size(); i++) {
        PushResult one = send(List.of(rows.get(i)), List.of(events.get(i)));
        if (!(one instanceof PushResult.Pushed p)) {
          return acknowledged + parked > 0
              ? new PushResult.Pushed(acknowledged, parked, true)
              : one;
        }
        acknowledged += p.acknowledged();
        parked += p.parked();
      }
      return new PushResult.Pushed(acknowledged, parked, false);
    }
    if (refusesBatch(answer.status())) {
      outbox.park(rows.getFirst().rowId(), answer.errorCode(), answer.errorMessage());
      return new PushResult.Pushed(0, 1, false);
    }
    return new PushResult.Failed(
        "hub answered "
            + answer.status()
            + " "
            + answer.errorCode()
            + ": "
            + answer.errorMessage());
  }

  /** Statuses that refuse the content of a push for good, not the caller or the moment. */
  private static boolean refusesBatch(int status) {
    return status == 400 || status == 413 || status == 415 || status == 422;
  }

  private PushResult settle(List<OutboxRow> rows, List<SyncEvent> events, JsonNode body) {
    JsonNode results = body == null ? null : body.get("results");
    if (results == null || !results.isArray() || results.size() != rows.size()) {
      return new PushResult.Failed("the hub's answer does not hold one result per event");
    }
    int acknowledged = 0;
    int parked = 0;
    for (int i = 0; i < rows.size(); i++) {
      JsonNode result = results.get(i);
      SyncEvent event = events.get(i);
      if (!event.runId().equals(result.path("runId").asString(""))
          || event.sequence() != result.path("sequence").asLong(-1)) {
        // A result that does not name its event settles nothing, here or after it.
        return new PushResult.Failed(
            "the hub's result " + i + " does not name " + event.runId() + "#" + event.sequence());
      }
      switch (result.path("outcome").asString("")) {
        case "accepted", "duplicate" -> {
          outbox.acknowledge(rows.get(i).rowId());
          acknowledged++;
        }
        case "refused" -> {
          outbox.park(
              rows.get(i).rowId(),
              result.path("code").asString(ErrorCode.SYNC_EVENT_REFUSED.code()),
              result.path("message").asString(""));
          parked++;
        }
        default -> {
          return new PushResult.Failed("the hub's result " + i + " has no known outcome");
        }
      }
    }
    return new PushResult.Pushed(acknowledged, parked, false);
  }

  private void record(PushResult result) {
    Instant now = clock.instant();
    SyncStatus before = status;
    status =
        switch (result) {
          case PushResult.Failed failed -> {
            int failures = before.failures() + 1;
            if (failures == 1) {
              LOG.info("sync to {} paused: {}", binding.url(), failed.reason());
            }
            yield new SyncStatus(
                before.lastSuccessAt(),
                failed.reason(),
                failures,
                now.plus(settings.backoff(failures)));
          }
          case PushResult.Pushed pushed -> new SyncStatus(now, null, 0, null);
          case PushResult.Idle idle -> new SyncStatus(now, null, 0, null);
        };
    if (before.failures() > 0 && status.failures() == 0) {
      LOG.info("sync to {} resumed after {} failed pushes", binding.url(), before.failures());
    }
  }

  private static String describe(IOException e) {
    String message = e.getMessage();
    return e.getClass().getSimpleName() + (message == null ? "" : " " + message);
  }

  /**
   * @param lastSuccessAt when a push last got an answer, or null
   * @param lastFailure why the last push failed, or null after a success
   * @param failures failed pushes in a row
   * @param nextAttemptAt when the loop tries again after a failure, or null
   */
  public record SyncStatus(
      Instant lastSuccessAt, String lastFailure, int failures, Instant nextAttemptAt) {}
}

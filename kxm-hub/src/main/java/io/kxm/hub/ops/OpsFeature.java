package io.kxm.hub.ops;

import io.kxm.fanout.LiveBus;
import io.kxm.hub.HubContext;
import io.kxm.hub.HubFeature;
import io.kxm.hub.agents.Presences;
import io.kxm.hub.metrics.StreamMeters;
import io.kxm.hub.stream.AgentStreamServer;
import io.kxm.hub.stream.StreamThreads;
import io.kxm.hub.stream.StreamWriter;
import io.kxm.store.Store;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operations stream's routes and housekeeping: the retention purge of the log and the watch
 * that logs presence changes. Its producers live beside it and are called by the features whose
 * changes they report, in those features' transactions.
 *
 * <pre>{@code
 * OpsFeature ops = new OpsFeature(store, bus, clock, OpsSettings.fromEnvironment(env),
 *     messaging.agents().presences(), streamQueue, streamHeartbeat);
 * }</pre>
 */
public final class OpsFeature implements HubFeature, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(OpsFeature.class);

  private final Store store;
  private final StreamWriter writer;
  private final Clock clock;
  private final OpsSettings settings;
  private final Presences presences;
  private final int streamQueue;
  private final Duration streamHeartbeat;
  private final StreamThreads streams = new StreamThreads();
  private final PresenceWatch watch;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-ops").factory());

  public OpsFeature(
      Store store,
      LiveBus bus,
      Clock clock,
      OpsSettings settings,
      Presences presences,
      int streamQueue,
      Duration streamHeartbeat) {
    this.store = store;
    this.writer = new StreamWriter(store, bus);
    this.clock = clock;
    this.settings = settings;
    this.presences = presences;
    this.streamQueue = streamQueue;
    this.streamHeartbeat = streamHeartbeat;
    this.watch = new PresenceWatch(writer, presences, clock);
  }

  @Override
  public void install(HubContext hub) {
    AgentStreamServer server =
        new AgentStreamServer(
            writer.bus(),
            new OpsEventSource(store),
            streams,
            streamQueue,
            streamHeartbeat,
            OpsEvents.EVENT_NAME);
    new StreamMeters("ops", server.openStreams()).bindTo(hub.meters());
    new OpsRoutes(store, new OpsSnapshot(store, presences, clock), server).install(hub.routes());
    hub.observer().onRefusal(new ErrorOps(writer, clock, timer)::refused);
    hub.drain().onDrain(this::close);
    long purge = settings.purgeInterval().toMillis();
    timer.scheduleWithFixedDelay(this::purge, purge, purge, TimeUnit.MILLISECONDS);
    long look = settings.presenceCheck().toMillis();
    timer.scheduleWithFixedDelay(this::watch, 0, look, TimeUnit.MILLISECONDS);
  }

  /** Deletes entries older than the retention window; numbering goes on. */
  void purge() {
    try {
      int trimmed = store.opsEvents().trimOlderThan(clock.instant().minus(settings.retention()));
      if (trimmed > 0) {
        LOG.debug("purged {} operations entries older than {}", trimmed, settings.retention());
      }
    } catch (RuntimeException e) {
      LOG.warn("operations purge failed; retrying at the next interval: {}", e.toString());
    }
  }

  private void watch() {
    try {
      watch.check();
    } catch (RuntimeException e) {
      LOG.warn("presence watch failed; retrying at the next interval: {}", e.toString());
    }
  }

  @Override
  public void close() {
    streams.drain();
    timer.shutdownNow();
  }
}

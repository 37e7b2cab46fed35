package io.kxm.cli.mcp;

import io.kxm.client.AgentEvent;
import io.kxm.client.AgentEventListener;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.MessageStatus;
import io.kxm.core.peer.PeerMessage;
import java.time.Duration;
import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns requests that arrive on the agent's event stream into MCP notifications. A push does not
 * acknowledge the request: it stays {@code queued} until the session reads it through a tool (see
 * {@link AcknowledgingPeers}) or answers it, so one pushed into a session that never looked at it
 * is pushed again when the agent next registers. A push the client cannot take yet (it has not
 * finished initializing) is retried for a while; the request is in {@code kxm_inbox} either way.
 */
final class InboundPushes implements AgentEventListener, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(InboundPushes.class);
  private static final int REMEMBERED = 1024;
  private static final Duration RETRY_EVERY = Duration.ofSeconds(1);
  private static final int RETRIES = 120;

  private final Predicate<PeerMessage> push;
  private final Supplier<List<PeerMessage>> inbox;
  private final Instant registeredAt;
  private final Set<String> told = Collections.newSetFromMap(lru());
  private final ConcurrentLinkedDeque<Attempt> unsent = new ConcurrentLinkedDeque<>();
  private final ScheduledExecutorService retries =
      Executors.newSingleThreadScheduledExecutor(
          Thread.ofPlatform().daemon().name("kxm-push-retry").factory());

  /**
   * @param push tells the MCP client; false when it could not be reached
   * @param inbox the agent's open requests, read again when events were purged unread
   * @param registeredAt when the agent registered by the hub's clock; earlier events are history,
   *     and the hub re-sends whatever of it is still queued at registration
   */
  InboundPushes(
      Predicate<PeerMessage> push, Supplier<List<PeerMessage>> inbox, Instant registeredAt) {
    this.push = push;
    this.inbox = inbox;
    this.registeredAt = registeredAt;
    long ms = RETRY_EVERY.toMillis();
    retries.scheduleWithFixedDelay(this::retry, ms, ms, TimeUnit.MILLISECONDS);
  }

  private record Attempt(PeerMessage message, int left) {}

  @Override
  public void onEvent(AgentEvent event) {
    if (!AgentEvent.MESSAGE_QUEUED.equals(event.type())) {
      return;
    }
    if (registeredAt != null && event.ts() != null && event.ts().isBefore(registeredAt)) {
      return;
    }
    event.message().ifPresent(message -> offer(message, RETRIES));
  }

  /** Events were purged before this session read them: the inbox is the state to go by. */
  @Override
  public void onCursorExpired(long firstRetainedSeq) {
    try {
      inbox.get().stream()
          .filter(message -> message.status() == MessageStatus.QUEUED)
          .forEach(message -> offer(message, RETRIES));
    } catch (KxmException e) {
      log.warn("could not re-read the inbox: {}: {}", e.code().code(), e.getMessage());
    }
  }

  @Override
  public void onStopped(KxmException reason) {
    log.warn(
        "requests will no longer be pushed ({}: {}); kxm_inbox still lists them",
        reason.code().code(),
        reason.getMessage());
  }

  /** Serialized: the stream's thread and the retry thread must not push one request twice. */
  private synchronized void offer(PeerMessage message, int left) {
    if (told.contains(message.id())) {
      return;
    }
    if (!push.test(message)) {
      if (left > 0) {
        unsent.add(new Attempt(message, left - 1));
      }
      return;
    }
    told.add(message.id());
  }

  private void retry() {
    for (int i = unsent.size(); i > 0; i--) {
      Attempt attempt = unsent.poll();
      if (attempt == null) {
        return;
      }
      offer(attempt.message(), attempt.left());
    }
  }

  @Override
  public void close() {
    retries.shutdownNow();
  }

  private static <K> Map<K, Boolean> lru() {
    return new LinkedHashMap<>() {
      @Override
      protected boolean removeEldestEntry(Map.Entry<K, Boolean> eldest) {
        return size() > REMEMBERED;
      }
    };
  }
}

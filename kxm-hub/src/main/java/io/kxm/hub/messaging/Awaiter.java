package io.kxm.hub.messaging;

import io.kxm.core.agent.Agent;
import io.kxm.core.peer.PeerMessage;
import io.kxm.fanout.LiveBus;
import io.kxm.fanout.LiveListener;
import io.kxm.hub.stream.AgentStreams;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * Waits for requests a caller sent to finish. Every way a request ends appends an event to its
 * sender's stream, published after commit on the live bus (across hub nodes with Redis), so a
 * waiter wakes on its own stream and re-reads the store; a periodic re-read is the backstop for an
 * event lost in fan-out. The store is always the answer, never the bus.
 */
final class Awaiter {
  private final MessageReads reads;
  private final LiveBus bus;
  private final Duration recheck;
  private final BooleanSupplier stopping;

  Awaiter(MessageReads reads, LiveBus bus, Duration recheck, BooleanSupplier stopping) {
    this.reads = reads;
    this.bus = bus;
    this.recheck = recheck;
    this.stopping = stopping;
  }

  /** The messages as they stand when all are final, the timeout passed, or the wait was cut. */
  record Waited(List<PeerMessage> messages, boolean aborted) {}

  /** One request, as it stands when final or when {@code timeout} passed. */
  PeerMessage await(Agent caller, String messageId, Duration timeout) {
    return awaitAll(caller, List.of(messageId), timeout).messages().getFirst();
  }

  /**
   * Every request in {@code messageIds}, all sent by {@code caller}; refuses with the same codes as
   * a read ({@code message_not_found}, {@code message_forbidden}) before it waits.
   */
  Waited awaitAll(Agent caller, List<String> messageIds, Duration timeout) {
    Semaphore wake = new Semaphore(0);
    long deadline = System.nanoTime() + timeout.toNanos();
    try (LiveBus.Subscription ignored = bus.subscribe(AgentStreams.key(caller.id()), waker(wake))) {
      while (true) {
        List<PeerMessage> now = messageIds.stream().map(id -> reads.sent(caller, id)).toList();
        long left = deadline - System.nanoTime();
        if (now.stream().allMatch(m -> m.status().isTerminal()) || left <= 0) {
          return new Waited(now, false);
        }
        if (stopping.getAsBoolean()) {
          return new Waited(now, true);
        }
        try {
          if (wake.tryAcquire(Math.min(left, recheck.toNanos()), TimeUnit.NANOSECONDS)) {
            wake.drainPermits();
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          List<PeerMessage> cut = messageIds.stream().map(id -> reads.sent(caller, id)).toList();
          return new Waited(cut, true);
        }
      }
    }
  }

  private static LiveListener waker(Semaphore wake) {
    return new LiveListener() {
      @Override
      public void onEvent(long seq, String envelopeJson) {
        wake.release();
      }

      @Override
      public void onWake(long seq) {
        wake.release(); // the answer is read from the store, never taken from the wake-up
      }

      @Override
      public void onGap() {
        wake.release();
      }
    };
  }
}

package io.kxm.session.store;

import io.kxm.session.api.LiveEvents;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.StreamKey;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Hands each committed event to the subscriptions whose key matches it. Subscriptions are indexed
 * by key, so publishing costs one lookup per key an event can match (its run and its session) plus
 * the matching subscribers, however many other streams are open. Only the store's writer publishes.
 */
final class LiveFanout implements LiveEvents {
  private final Map<StreamKey, Set<LiveSubscription>> byKey = new ConcurrentHashMap<>();
  private volatile boolean closed;

  @Override
  public Subscription subscribe(StreamKey key, int capacity) {
    if (key == null || key.kind() == null || key.id() == null) {
      throw new IllegalArgumentException("a subscription needs a stream key with a kind and an id");
    }
    if (capacity < 1) {
      throw new IllegalArgumentException(
          "a subscription buffers at least 1 event, not " + capacity);
    }
    LiveSubscription subscription = new LiveSubscription(capacity, this::forget, key);
    // Added under the key's lock, so that a last subscriber leaving the key at the same moment
    // cannot drop the set this one joins.
    byKey.compute(
        key,
        (k, set) -> {
          Set<LiveSubscription> joined = set == null ? ConcurrentHashMap.newKeySet() : set;
          joined.add(subscription);
          return joined;
        });
    if (closed) {
      subscription.close();
    }
    return subscription;
  }

  @Override
  public int subscribers() {
    return byKey.values().stream().mapToInt(Set::size).sum();
  }

  /** Delivers a committed batch, already in {@code seq} order. */
  void publish(List<SessionEvent> events) {
    for (SessionEvent event : events) {
      if (event.runId() != null) {
        deliver(StreamKey.run(event.runId()), event);
      }
      deliver(StreamKey.session(event.sessionId()), event);
    }
  }

  /** Closes every subscription, so that streams notice the store went away. */
  void close() {
    closed = true;
    for (Set<LiveSubscription> subscriptions : byKey.values()) {
      subscriptions.forEach(LiveSubscription::close);
    }
    byKey.clear();
  }

  private void deliver(StreamKey key, SessionEvent event) {
    Set<LiveSubscription> subscriptions = byKey.get(key);
    if (subscriptions != null) {
      for (LiveSubscription subscription : subscriptions) {
        subscription.offer(event);
      }
    }
  }

  private void forget(LiveSubscription subscription) {
    byKey.computeIfPresent(
        subscription.key(),
        (key, set) -> {
          set.remove(subscription);
          return set.isEmpty() ? null : set;
        });
  }
}

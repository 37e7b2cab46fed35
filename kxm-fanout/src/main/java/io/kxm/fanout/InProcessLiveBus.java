package io.kxm.fanout;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Fan-out inside one hub process: the single-node (SQLite) deployment. */
public final class InProcessLiveBus implements LiveBus {
  private final ConcurrentHashMap<String, List<LiveListener>> listeners = new ConcurrentHashMap<>();

  @Override
  public void publish(String stream, long seq, String envelopeJson) {
    List<LiveListener> targets = listeners.get(stream);
    if (targets == null) {
      return;
    }
    for (LiveListener listener : targets) {
      listener.onEvent(seq, envelopeJson);
    }
  }

  @Override
  public Subscription subscribe(String stream, LiveListener listener) {
    listeners.computeIfAbsent(stream, key -> new CopyOnWriteArrayList<>()).add(listener);
    return () ->
        listeners.computeIfPresent(
            stream,
            (key, list) -> {
              list.remove(listener);
              return list.isEmpty() ? null : list;
            });
  }

  /** Tells the listeners of {@code stream} that the store may hold events up to {@code seq}. */
  public void wake(String stream, long seq) {
    List<LiveListener> targets = listeners.get(stream);
    if (targets == null) {
      return;
    }
    for (LiveListener listener : targets) {
      listener.onWake(seq);
    }
  }

  /** Tells every listener that it may have missed events. */
  void signalGapToAll() {
    listeners.values().forEach(list -> list.forEach(LiveListener::onGap));
  }

  @Override
  public void close() {
    listeners.clear();
  }
}

package io.kxm.mcp.http;

import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The open {@code subscriptions/listen} streams (revision 2026-07-28) of agents that asked to hear
 * when their inbox changes: the stateless revision's way to push a request that arrived, where a
 * 2025-11-25 session uses its GET stream.
 */
final class InboxListeners<P> {
  /** What a listener's queue carries: an inbox change, or the end of the stream. */
  enum Signal {
    CHANGED,
    STOP
  }

  /** One open stream, for one agent. */
  static final class Listener {
    private final String key;
    // A change not yet written covers every later one, so a few queued signals are plenty.
    private final BlockingQueue<Signal> signals = new ArrayBlockingQueue<>(4);

    private Listener(String key) {
      this.key = key;
    }

    BlockingQueue<Signal> signals() {
      return signals;
    }
  }

  private final Set<Listener> open = ConcurrentHashMap.newKeySet();
  private volatile boolean closed;

  Listener open(P principal, String agentName) {
    Listener listener = new Listener(key(principal, agentName));
    open.add(listener);
    if (closed) {
      listener.signals.offer(Signal.STOP);
    }
    return listener;
  }

  void close(Listener listener) {
    open.remove(listener);
  }

  /** Tells every stream of the agent that its inbox changed; how many were told. */
  int inboxChanged(P principal, String agentName) {
    String key = key(principal, agentName);
    int told = 0;
    for (Listener listener : open) {
      if (listener.key.equals(key)) {
        listener.signals.offer(Signal.CHANGED); // full: a change is queued already
        told++;
      }
    }
    return told;
  }

  /** Ends every stream, as the endpoint closes. */
  void closeAll() {
    closed = true;
    open.forEach(l -> {
      l.signals.clear();
      l.signals.offer(Signal.STOP);
    });
  }

  private static String key(Object principal, String agentName) {
    return principal + "/" + agentName.toLowerCase(Locale.ROOT);
  }
}

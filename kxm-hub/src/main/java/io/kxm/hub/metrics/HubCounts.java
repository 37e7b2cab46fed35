package io.kxm.hub.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * The hub's counted decisions ({@link Counted}), one instance per hub, shared by every feature that
 * decides something worth counting. Counts live here from the hub's construction on and are shown
 * by {@code /metrics} once the server binds this: features are built before the registry exists,
 * and a count taken in between is not lost.
 *
 * <p>Counts taken inside a store transaction go through {@code EventAppender.count}, which applies
 * them only once the transaction committed: a rolled-back or retried attempt counts nothing.
 */
public final class HubCounts implements MeterBinder {
  private final Map<Key, LongAdder> counts = new ConcurrentHashMap<>();
  private volatile MeterRegistry registry;

  public HubCounts() {
    for (Counted counted : Counted.values()) {
      counted.knownValues().forEach(value -> adder(new Key(counted, value)));
    }
  }

  /** Adds one to {@code counted} under {@code tagValue}. */
  public void increment(Counted counted, String tagValue) {
    add(counted, tagValue, 1);
  }

  public void add(Counted counted, String tagValue, long amount) {
    adder(new Key(counted, tagValue)).add(amount);
  }

  /** The count so far, for tests and for callers that report it themselves. */
  public long count(Counted counted, String tagValue) {
    LongAdder adder = counts.get(new Key(counted, tagValue));
    return adder == null ? 0 : adder.sum();
  }

  @Override
  public synchronized void bindTo(MeterRegistry target) {
    this.registry = target;
    counts.forEach((key, adder) -> register(target, key, adder));
  }

  private LongAdder adder(Key key) {
    LongAdder existing = counts.get(key);
    if (existing != null) {
      return existing;
    }
    synchronized (this) {
      LongAdder adder = counts.computeIfAbsent(key, k -> new LongAdder());
      MeterRegistry bound = registry;
      if (bound != null) {
        register(bound, key, adder);
      }
      return adder;
    }
  }

  private static void register(MeterRegistry target, Key key, LongAdder adder) {
    FunctionCounter.builder(key.counted().meterName(), adder, LongAdder::sum)
        .description(key.counted().description())
        .tag(key.counted().tagKey(), key.value())
        .register(target);
  }

  private record Key(Counted counted, String value) {}
}

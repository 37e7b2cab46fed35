package io.kxm.session.api;

import io.kxm.core.trace.Tracing;
import io.kxm.runtime.usage.Spend;
import io.opentelemetry.api.trace.Tracer;

/**
 * Told of each turn once its run reached its end state, for metrics and traces: the run as stored
 * (status, error code, start and finish times) and what the turn cost. Called on the turn's own
 * thread after the end was stored; it must return at once and never throw.
 */
@FunctionalInterface
public interface TurnObserver {
  TurnObserver NONE = (run, spend) -> {};

  void ended(SessionRun run, Spend spend);

  /**
   * What each turn opens its spans with: one for the turn, one for its harness inside it. No spans
   * unless the process exports traces.
   */
  default Tracer tracer() {
    return Tracing.off().tracer();
  }
}

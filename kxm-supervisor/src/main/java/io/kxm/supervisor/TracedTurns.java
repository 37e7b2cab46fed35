package io.kxm.supervisor;

import io.kxm.runtime.usage.Spend;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.TurnObserver;
import io.opentelemetry.api.trace.Tracer;

/** The supervisor's turn observer: its meters count each turn, its tracer traces each one. */
final class TracedTurns implements TurnObserver {
  private final TurnObserver meters;
  private final Tracer tracer;

  TracedTurns(TurnObserver meters, Tracer tracer) {
    this.meters = meters;
    this.tracer = tracer;
  }

  @Override
  public void ended(SessionRun run, Spend spend) {
    meters.ended(run, spend);
  }

  @Override
  public Tracer tracer() {
    return tracer;
  }
}

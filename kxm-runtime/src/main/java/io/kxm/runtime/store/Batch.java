package io.kxm.runtime.store;

import io.kxm.runtime.run.RunEvent;
import java.util.List;

/** Events to append to one run, with the side rows that commit with them. */
public record Batch(List<RunEvent> events, List<SideRow> rows) {
  public Batch {
    events = List.copyOf(events);
    rows = List.copyOf(rows);
  }

  public static Batch of(RunEvent... events) {
    return new Batch(List.of(events), List.of());
  }

  public static Batch none() {
    return new Batch(List.of(), List.of());
  }

  public boolean isEmpty() {
    return events.isEmpty();
  }
}

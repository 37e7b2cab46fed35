package io.kxm.hub.metrics;

import io.kxm.core.metrics.RefreshedAtScrape;
import io.kxm.core.workflow.run.WorkflowRunStatus;
import io.kxm.store.Store;
import io.kxm.store.workflow.StoredRun;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.util.EnumMap;
import java.util.Map;

/**
 * Workflow runs the store holds, by status, counted once per scrape. Finished runs leave with the
 * workflow retention purge, so the terminal states count the runs still retained.
 */
public final class WorkflowRunMeters implements MeterBinder, RefreshedAtScrape {
  private final Store store;
  private volatile Map<WorkflowRunStatus, Long> counts = new EnumMap<>(WorkflowRunStatus.class);

  public WorkflowRunMeters(Store store) {
    this.store = store;
  }

  @Override
  public void bindTo(MeterRegistry registry) {
    for (WorkflowRunStatus status : WorkflowRunStatus.values()) {
      Gauge.builder("kxm.workflow.runs", this, self -> self.counts.getOrDefault(status, 0L))
          .description("Workflow runs held by the hub, by status")
          .tag("state", status.wire())
          .register(registry);
    }
  }

  @Override
  public void refresh() {
    Map<WorkflowRunStatus, Long> next = new EnumMap<>(WorkflowRunStatus.class);
    for (String project : store.agents().projects()) {
      for (StoredRun run : store.workflowRuns().listByProject(project)) {
        next.merge(run.run().status(), 1L, Long::sum);
      }
    }
    counts = next;
  }
}

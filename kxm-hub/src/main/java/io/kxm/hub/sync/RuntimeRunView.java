package io.kxm.hub.sync;

import io.kxm.store.sync.RuntimeRun;

/** A runtime run on the wire of {@code GET /v1/runtime/runs}; times are ISO-8601. */
record RuntimeRunView(
    String runId,
    String workflowId,
    String status,
    long lastSequence,
    long events,
    String updatedAt,
    String source) {

  static RuntimeRunView of(RuntimeRun run) {
    return new RuntimeRunView(
        run.runId(),
        run.workflowId(),
        run.status(),
        run.lastSequence(),
        run.events(),
        run.updatedAt().toString(),
        "runtime");
  }
}

package io.kxm.hub.ops;

import io.kxm.core.workflow.run.StageProgress;
import io.kxm.core.workflow.run.WorkflowRun;
import io.kxm.hub.stream.EventAppender;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Operations entries about hub workflow runs: {@code workflow.run} when a run starts or its status
 * changes, {@code workflow.stage} when it moves to another stage or a stage passes. Ids, names and
 * statuses only: never a payload, a prompt or evidence.
 */
public final class WorkflowOps {
  public static final String RUN = "workflow.run";
  public static final String STAGE = "workflow.stage";

  private WorkflowOps() {}

  public static void started(EventAppender events, WorkflowRun run) {
    events.ops(run.project(), RUN, runFields(run));
    if (run.currentStage() != null) {
      events.ops(run.project(), STAGE, stageFields(run, run.currentStage(), "entered"));
    }
  }

  /** Compares the run before and after one append and reports what an operator would notice. */
  public static void changed(EventAppender events, WorkflowRun before, WorkflowRun after) {
    if (before.status() != after.status()) {
      events.ops(after.project(), RUN, runFields(after));
    }
    for (var entry : after.stages().entrySet()) {
      StageProgress was = before.stages().get(entry.getKey());
      if (entry.getValue().passed() && (was == null || !was.passed())) {
        events.ops(after.project(), STAGE, stageFields(after, entry.getKey(), "passed"));
      }
    }
    if (after.currentStage() != null
        && !Objects.equals(before.currentStage(), after.currentStage())) {
      events.ops(after.project(), STAGE, stageFields(after, after.currentStage(), "entered"));
    }
  }

  private static Map<String, Object> runFields(WorkflowRun run) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("runId", run.id());
    data.put("workflowId", run.workflowId());
    data.put("status", run.status().wire());
    data.put("stage", run.currentStage() == null ? "" : run.currentStage());
    data.put("coordinator", run.coordinator() == null ? "" : run.coordinator());
    return data;
  }

  private static Map<String, Object> stageFields(WorkflowRun run, String stage, String status) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("runId", run.id());
    data.put("workflowId", run.workflowId());
    data.put("stage", stage);
    data.put("status", status);
    data.put("runStatus", run.status().wire());
    return data;
  }
}

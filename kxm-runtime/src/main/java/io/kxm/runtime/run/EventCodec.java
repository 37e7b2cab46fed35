package io.kxm.runtime.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.CanonicalJson;
import io.kxm.core.json.Json;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Turns events into stored payloads and back, by their wire type. */
public final class EventCodec {
  private static final Map<String, Class<? extends RunEvent>> TYPES =
      Map.ofEntries(
          Map.entry("run.created", RunEvent.RunCreated.class),
          Map.entry("run.moved", RunEvent.RunMoved.class),
          Map.entry("run.plan_pinned", RunEvent.PlanPinned.class),
          Map.entry("step.moved", RunEvent.StepMoved.class),
          Map.entry("assignment.moved", RunEvent.AssignmentMoved.class),
          Map.entry("attempt.moved", RunEvent.AttemptMoved.class),
          Map.entry("answer.recorded", RunEvent.AnswerRecorded.class),
          Map.entry("interaction.opened", RunEvent.InteractionOpened.class),
          Map.entry("interaction.resolved", RunEvent.InteractionResolved.class),
          Map.entry("gate.observed", RunEvent.GateObserved.class),
          Map.entry("memory.briefed", RunEvent.MemoryBriefed.class),
          Map.entry("attempt.spent", RunEvent.AttemptSpent.class),
          Map.entry("worktree.opened", RunEvent.WorktreeOpened.class),
          Map.entry("worktree.diffed", RunEvent.WorktreeDiffed.class),
          Map.entry("worktree.removed", RunEvent.WorktreeRemoved.class),
          Map.entry("lease.moved", RunEvent.LeaseMoved.class));

  private EventCodec() {}

  public static JsonNode encode(RunEvent event) {
    return CanonicalJson.sorted(Json.MAPPER.valueToTree(event));
  }

  public static RunEvent decode(String type, JsonNode data) {
    Class<? extends RunEvent> target = TYPES.get(type);
    if (target == null) {
      throw new KxmException(
          ErrorCode.RUN_TRANSITION_REFUSED, "unknown run event type '" + type + "'");
    }
    try {
      return Json.MAPPER.treeToValue(data, target);
    } catch (RuntimeException e) {
      throw new KxmException(
          ErrorCode.RUN_STATE_DIVERGED,
          "the stored " + type + " event cannot be read: " + e.getMessage(),
          e);
    }
  }
}

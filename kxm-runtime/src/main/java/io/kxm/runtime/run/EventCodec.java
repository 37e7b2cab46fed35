package io.kxm.runtime.run;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Turns events into stored payloads and back, by their wire type. */
public final class EventCodec {
  private static final Map<String, Class<? extends RunEvent>> TYPES =
      Map.of(
          "run.created", RunEvent.RunCreated.class,
          "run.moved", RunEvent.RunMoved.class,
          "run.plan_pinned", RunEvent.PlanPinned.class,
          "step.moved", RunEvent.StepMoved.class,
          "assignment.moved", RunEvent.AssignmentMoved.class,
          "attempt.moved", RunEvent.AttemptMoved.class,
          "answer.recorded", RunEvent.AnswerRecorded.class,
          "interaction.opened", RunEvent.InteractionOpened.class,
          "interaction.resolved", RunEvent.InteractionResolved.class,
          "gate.observed", RunEvent.GateObserved.class);

  private EventCodec() {}

  public static JsonNode encode(RunEvent event) {
    return Canonical.sort(Json.MAPPER.valueToTree(event));
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

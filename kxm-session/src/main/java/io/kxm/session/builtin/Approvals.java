package io.kxm.session.builtin;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Asks a person to approve one tool call and waits for the answer. The turn asks one question at a
 * time, so the next approval answer that arrives is the answer to it.
 */
final class Approvals {
  private final BlockingQueue<JsonNode> answers = new LinkedBlockingQueue<>();
  private final Consumer<HarnessOutput> out;

  Approvals(Consumer<HarnessOutput> out) {
    this.out = out;
  }

  /** A person's decision: whether the call may run, and what they said. */
  record Decision(boolean approved, String note) {
    static Decision of(JsonNode answer) {
      return new Decision(
          answer.path("approved").asBoolean(false), answer.path("answer").asString(""));
    }
  }

  /**
   * The request recorded with the question; a continuation run after a restart carries the call out
   * from it alone.
   */
  static ObjectNode request(String tool, JsonNode input, String callId, String reason) {
    ObjectNode request = Json.object().put("tool", tool);
    request.set("input", input);
    request.put("reason", reason).put("callId", callId);
    return request;
  }

  /**
   * Asks and waits.
   *
   * @throws InterruptedException when the turn is cancelled while waiting
   */
  Decision ask(ObjectNode request) throws InterruptedException {
    answers.clear();
    out.accept(new HarnessOutput.InteractionRequest("approval", request));
    return Decision.of(answers.take());
  }

  /** A person's answer, relayed by the supervisor; other kinds are never asked, so dropped. */
  void answer(String kind, JsonNode answer) {
    if ("approval".equals(kind) && answer != null) {
      answers.add(answer);
    }
  }
}

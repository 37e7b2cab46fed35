package io.kxm.hub.a2a;

import io.kxm.core.peer.PeerMessage;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * A hub request seen as an A2A task. Its stream is numbered by stage: 1 submitted, 2 working (the
 * recipient acknowledged it), 3 final. A stream resumed after stage {@code n} reports every stage
 * above {@code n} that the request has reached, so a client that drops a stream misses nothing; a
 * request answered without an acknowledgement skips stage 2.
 *
 * @param id the request's message id, which is the task id
 * @param contextId the request's correlation id, or its id when it has none
 * @param state where the request stands
 * @param request what the client asked
 * @param reply the agent's answer, once it answered
 * @param reason why it ended without an answer, when it did
 * @param at when it reached its current state
 * @param acknowledged whether the recipient acknowledged it, which is what working means
 */
record A2aTask(
    String id,
    String contextId,
    TaskState state,
    String request,
    String reply,
    String reason,
    Instant at,
    boolean acknowledged) {
  static final int SUBMITTED_STAGE = 1;
  static final int WORKING_STAGE = 2;
  static final int FINAL_STAGE = 3;

  static A2aTask of(PeerMessage message) {
    TaskState state =
        switch (message.status()) {
          case QUEUED -> TaskState.SUBMITTED;
          case DELIVERED -> TaskState.WORKING;
          case REPLIED -> TaskState.COMPLETED;
          case CANCELLED -> TaskState.CANCELED;
          case EXPIRED -> TaskState.FAILED;
        };
    Instant at =
        message.repliedAt() != null
            ? message.repliedAt()
            : message.deliveredAt() != null ? message.deliveredAt() : message.createdAt();
    String context = message.correlationId() == null ? message.id() : message.correlationId();
    String reason =
        switch (message.status()) {
          case CANCELLED -> "the request was cancelled";
          case EXPIRED ->
              message.error() == null ? "the request expired unanswered" : message.error();
          default -> null;
        };
    return new A2aTask(
        message.id(),
        context,
        state,
        message.content(),
        message.reply(),
        reason,
        at,
        message.deliveredAt() != null);
  }

  /** The stage the task stands at now. */
  int stage() {
    return switch (state) {
      case SUBMITTED -> SUBMITTED_STAGE;
      case WORKING -> WORKING_STAGE;
      default -> FINAL_STAGE;
    };
  }

  /** The stages after {@code cursor} that this task has reached, oldest first. */
  List<Integer> stagesAfter(long cursor) {
    List<Integer> stages = new ArrayList<>();
    for (int stage = SUBMITTED_STAGE; stage <= stage(); stage++) {
      boolean skipped = stage == WORKING_STAGE && state.isFinal() && !acknowledged;
      if (stage > cursor && !skipped) {
        stages.add(stage);
      }
    }
    return stages;
  }

  /** The state the task had at {@code stage}. */
  TaskState stateAt(int stage) {
    return switch (stage) {
      case SUBMITTED_STAGE -> TaskState.SUBMITTED;
      case WORKING_STAGE -> TaskState.WORKING;
      default -> state;
    };
  }
}

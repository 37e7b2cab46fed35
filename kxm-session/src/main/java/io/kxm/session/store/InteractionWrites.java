package io.kxm.session.store;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.id.Ids;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.interaction.AnswerReader;
import io.kxm.session.interaction.ElicitationSchema;
import java.sql.PreparedStatement;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** Questions a run puts to a person, and their answers. */
final class InteractionWrites {
  private static final Map<String, String> ANNOUNCED_BY =
      Map.of(
          "approval", EventTypes.APPROVAL_REQUIRED,
          "clarification", EventTypes.CLARIFICATION_REQUIRED,
          "elicitation", EventTypes.ELICITATION_REQUIRED);

  private InteractionWrites() {}

  static StoreWriter.Work<Interaction> open(
      Clock clock, String runId, String kind, JsonNode request) {
    CallerChecks.text("runId", runId);
    String eventType = ANNOUNCED_BY.get(kind);
    if (eventType == null) {
      throw new IllegalArgumentException(
          "an interaction kind is one of " + ANNOUNCED_BY.keySet() + ", not " + kind);
    }
    JsonNode asked = request == null ? Json.object() : request;
    if (kind.equals("elicitation")) {
      ElicitationSchema.check(asked.get("schema"));
    }
    String id = Ids.next("int", clock);
    return tx -> {
      TxRows.RunHead head = TxRows.run(tx, runId);
      SessionRun run = head.run();
      if (run.status() != SessionRunStatus.RUNNING) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run " + runId + " is " + run.status().wire() + "; only a running run asks a person",
            "Open interactions while the run's harness is working.");
      }
      Instant now = tx.now();
      PreparedStatement s =
          tx.prepare(
              "INSERT INTO interactions (id, session_id, run_id, kind, status, request,"
                  + " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)");
      s.setString(1, id);
      s.setString(2, run.sessionId());
      s.setString(3, runId);
      s.setString(4, kind);
      s.setString(5, Interaction.PENDING);
      s.setString(6, Json.write(asked));
      s.setString(7, Rows.time(now));
      s.executeUpdate();
      ObjectNode data = Json.object();
      data.put("interactionId", id);
      data.put("kind", kind);
      data.set("request", asked);
      tx.insertEvent(run.sessionId(), runId, eventType, data, head.lastHash());
      return new Interaction(
          id,
          run.sessionId(),
          runId,
          kind,
          Interaction.PENDING,
          Json.read(Json.write(asked)),
          null,
          now,
          null);
    };
  }

  static StoreWriter.Work<Interaction> resolve(
      String runId, String interactionId, JsonNode answer, JsonNode data) {
    CallerChecks.text("runId", runId);
    CallerChecks.text("interactionId", interactionId);
    if (answer == null) {
      throw new IllegalArgumentException("an answer is required, even an empty object");
    }
    CallerChecks.objectOrNull("data", data);
    return tx -> {
      TxRows.RunHead head = TxRows.run(tx, runId);
      SessionRun run = head.run();
      Interaction asked = TxRows.interaction(tx, interactionId);
      if (asked == null || !asked.runId().equals(runId)) {
        throw new KxmException(
            ErrorCode.INTERACTION_NOT_FOUND,
            "run " + runId + " has no interaction " + interactionId,
            "Read the run's interactions with GET /v1/runs/"
                + runId
                + " and use one of their IDs.");
      }
      if (asked.status().equals(Interaction.CLOSED)) {
        throw new KxmException(
            ErrorCode.INTERACTION_ALREADY_RESOLVED,
            "interaction " + interactionId + " of run " + runId + " is closed: the run ended first",
            "The run ended without this answer; send the answer as a new prompt to the session.");
      }
      if (!asked.status().equals(Interaction.PENDING)) {
        throw new KxmException(
            ErrorCode.INTERACTION_ALREADY_RESOLVED,
            "interaction " + interactionId + " of run " + runId + " is already " + asked.status());
      }
      if (run.status() != SessionRunStatus.RUNNING
          && run.status() != SessionRunStatus.INTERRUPTED) {
        throw new KxmException(
            ErrorCode.RUN_TRANSITION_REFUSED,
            "run " + runId + " is " + run.status().wire() + "; its interactions take no answers",
            "Answer while the run is running, or after a restart interrupted it.");
      }
      // Read here, where every path to the row passes, so no answer is stored unchecked.
      ObjectNode checked = AnswerReader.read(asked.kind(), asked.request(), answer).body();
      Instant now = tx.now();
      String answerText = Json.write(checked);
      PreparedStatement s =
          tx.prepare(
              "UPDATE interactions SET status = ?, answer = ?, resolved_at = ? WHERE id = ?");
      s.setString(1, Interaction.RESOLVED);
      s.setString(2, answerText);
      s.setString(3, Rows.time(now));
      s.setString(4, interactionId);
      s.executeUpdate();
      ObjectNode event = Json.object();
      if (data != null) {
        event.setAll((ObjectNode) data);
      }
      event.put("interactionId", interactionId);
      event.put("kind", asked.kind());
      event.set("answer", checked);
      tx.insertEvent(
          run.sessionId(), runId, EventTypes.INTERACTION_RESOLVED, event, head.lastHash());
      return new Interaction(
          asked.id(),
          asked.sessionId(),
          runId,
          asked.kind(),
          Interaction.RESOLVED,
          asked.request(),
          Json.read(answerText),
          asked.createdAt(),
          now);
    };
  }
}

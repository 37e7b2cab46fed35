package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import io.kxm.session.api.StreamKey;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** Interactions a run opens and a person answers, before and after the run ends. */
public interface InteractionStoreContract extends SessionStoreContract {
  JsonNode APPROVED = Json.read("{\"approved\":true}");
  String FORM =
      """
      {"message": "Where should the report go?",
       "schema": {"type": "object",
                  "properties": {"email": {"type": "string", "format": "email"},
                                 "copies": {"type": "integer", "minimum": 1, "maximum": 5},
                                 "urgent": {"type": "boolean"}},
                  "required": ["email"]}}
      """;

  @Test
  default void each_kind_is_announced_by_its_event_and_an_answer_resolves_it() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction approval = f.store.openInteraction(run.id(), "approval", json("tool", "bash"));
      Interaction question =
          f.store.openInteraction(run.id(), "clarification", json("question", "which branch?"));
      Interaction form =
          f.store.openInteraction(run.id(), "elicitation", json("message", "nothing to fill"));
      Interaction answered =
          f.store.resolveInteraction(
              run.id(), approval.id(), Json.read("{\"approved\":true}"), json("by", "ana"));

      assertThat(approval.id()).startsWith("int_");
      assertThat(answered.status()).isEqualTo(Interaction.RESOLVED);
      assertThat(answered.answer()).isEqualTo(Json.read("{\"approved\":true}"));
      assertThat(answered.resolvedAt()).isNotNull();
      assertThat(f.store.interaction(approval.id())).contains(answered);
      assertThat(f.store.interactions(run.id())).containsExactly(answered, question, form);

      List<SessionEvent> events = f.store.replay(StreamKey.run(run.id()), 0, 100);
      assertThat(events)
          .extracting(SessionEvent::type)
          .containsExactly(
              EventTypes.RUN_QUEUED,
              EventTypes.RUN_STARTED,
              EventTypes.APPROVAL_REQUIRED,
              EventTypes.CLARIFICATION_REQUIRED,
              EventTypes.ELICITATION_REQUIRED,
              EventTypes.INTERACTION_RESOLVED);
      SessionEvent asked = events.get(2);
      assertThat(asked.data().get("interactionId").asString()).isEqualTo(approval.id());
      assertThat(asked.data().get("kind").asString()).isEqualTo("approval");
      assertThat(asked.data().get("request").get("tool").asString()).isEqualTo("bash");
      SessionEvent resolved = events.getLast();
      assertThat(resolved.data().get("interactionId").asString()).isEqualTo(approval.id());
      assertThat(resolved.data().get("kind").asString()).isEqualTo("approval");
      assertThat(resolved.data().get("answer")).isEqualTo(Json.read("{\"approved\":true}"));
      assertThat(resolved.data().get("by").asString()).isEqualTo("ana");
    }
  }

  @Test
  default void a_completed_run_closes_its_pending_interactions_and_they_take_no_answer() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction asked = f.store.openInteraction(run.id(), "approval", json("tool", "rm"));
      f.store.transition(
          run.id(), SessionRunStatus.COMPLETED, new Ending("success", null, "ok"), null);
      long seq = f.store.lastSeq();

      Interaction closed = f.store.interaction(asked.id()).orElseThrow();
      assertThat(closed.status()).isEqualTo(Interaction.CLOSED);
      assertThat(closed.answer()).isNull();
      assertThatThrownBy(() -> f.store.resolveInteraction(run.id(), asked.id(), APPROVED, null))
          .hasMessageContaining("closed")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_ALREADY_RESOLVED);
      assertThat(f.store.interaction(asked.id())).contains(closed);
      assertThat(f.store.lastSeq()).isEqualTo(seq);
    }
  }

  @Test
  default void an_interrupted_run_keeps_its_interactions_pending_and_an_answer_still_lands() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction asked =
          f.store.openInteraction(run.id(), "clarification", json("question", "which file?"));
      f.store.transition(
          run.id(), SessionRunStatus.INTERRUPTED, new Ending(null, "server_restart", null), null);

      assertThat(f.store.interaction(asked.id()).orElseThrow().status())
          .isEqualTo(Interaction.PENDING);
      SessionRun continuation = f.store.createRun(run.sessionId(), "carry on", run.id());
      Interaction answered =
          f.store.resolveInteraction(
              run.id(),
              asked.id(),
              json("answer", "main.c"),
              json("continuationRunId", continuation.id()));

      assertThat(answered.status()).isEqualTo(Interaction.RESOLVED);
      assertThat(continuation.resumedFrom()).isEqualTo(run.id());
      SessionEvent resolved = f.store.replay(StreamKey.run(run.id()), 0, 100).getLast();
      assertThat(resolved.type()).isEqualTo(EventTypes.INTERACTION_RESOLVED);
      assertThat(resolved.data().get("continuationRunId").asString()).isEqualTo(continuation.id());
      assertThat(f.store.verify(run.id()).ok()).isTrue();
    }
  }

  @Test
  default void refused_answers_and_questions_change_nothing() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      SessionRun other = f.aRunningRun();
      Interaction asked = f.store.openInteraction(run.id(), "approval", json("tool", "bash"));
      f.store.resolveInteraction(run.id(), asked.id(), APPROVED, null);
      Interaction resolved = f.store.interaction(asked.id()).orElseThrow();
      long seq = f.store.lastSeq();

      assertThatThrownBy(() -> f.store.resolveInteraction(run.id(), asked.id(), APPROVED, null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_ALREADY_RESOLVED);
      assertThatThrownBy(() -> f.store.resolveInteraction(other.id(), asked.id(), APPROVED, null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_NOT_FOUND);
      assertThatThrownBy(() -> f.store.resolveInteraction(run.id(), "int_missing", APPROVED, null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_NOT_FOUND);
      assertThatThrownBy(() -> f.store.openInteraction(f.aQueuedRun().id(), "approval", null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_TRANSITION_REFUSED);
      long afterQueued = f.store.lastSeq();
      assertThatThrownBy(() -> f.store.openInteraction(run.id(), "vote", null))
          .isInstanceOf(IllegalArgumentException.class);

      assertThat(f.store.interaction(asked.id())).contains(resolved);
      assertThat(f.store.interactions(run.id())).containsExactly(resolved);
      assertThat(afterQueued).isEqualTo(seq + 2);
      assertThat(f.store.lastSeq()).isEqualTo(afterQueued);
    }
  }

  @Test
  default void an_elicitation_keeps_its_schema_and_an_accepted_answer_stores_its_content() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction form = f.store.openInteraction(run.id(), "elicitation", Json.read(FORM));

      Interaction answered =
          f.store.resolveInteraction(
              run.id(),
              form.id(),
              Json.read(
                  "{\"action\":\"accept\",\"content\":{\"email\":\"ana@example.org\",\"copies\":2},"
                      + "\"by\":\"ana\"}"),
              null);

      assertThat(f.store.interaction(form.id()).orElseThrow().request()).isEqualTo(Json.read(FORM));
      JsonNode stored =
          Json.read(
              "{\"action\":\"accept\",\"content\":{\"email\":\"ana@example.org\",\"copies\":2},"
                  + "\"by\":\"ana\"}");
      assertThat(answered.answer()).isEqualTo(stored);
      assertThat(f.store.interaction(form.id()).orElseThrow().answer()).isEqualTo(stored);
      assertThat(f.store.replay(StreamKey.run(run.id()), 0, 100).getLast().data().get("answer"))
          .isEqualTo(stored);
    }
  }

  @Test
  default void a_declined_or_cancelled_elicitation_stores_no_content_and_refuses_any() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction declined = f.store.openInteraction(run.id(), "elicitation", Json.read(FORM));
      Interaction cancelled = f.store.openInteraction(run.id(), "elicitation", Json.read(FORM));
      long seq = f.store.lastSeq();

      assertThatThrownBy(() ->
              f.store.resolveInteraction(
                  run.id(),
                  declined.id(),
                  Json.read("{\"action\":\"decline\",\"content\":{\"email\":\"a@b.org\"}}"),
                  null))
          .hasMessageContaining("content")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_ANSWER_INVALID);
      assertThat(f.store.lastSeq()).isEqualTo(seq);
      f.store.resolveInteraction(
          run.id(), declined.id(), Json.read("{\"action\":\"decline\"}"), null);
      f.store.resolveInteraction(
          run.id(), cancelled.id(), Json.read("{\"action\":\"cancel\"}"), null);

      assertThat(f.store.interaction(declined.id()).orElseThrow().answer())
          .isEqualTo(Json.read("{\"action\":\"decline\"}"));
      assertThat(f.store.interaction(cancelled.id()).orElseThrow().answer())
          .isEqualTo(Json.read("{\"action\":\"cancel\"}"));
    }
  }

  @Test
  default void content_the_schema_refuses_changes_nothing_and_the_question_stays_answerable() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction form = f.store.openInteraction(run.id(), "elicitation", Json.read(FORM));
      long seq = f.store.lastSeq();

      assertRefusedContent(
          f, run, form, "{\"email\":\"not an address\"}", "content.email", "format");
      assertRefusedContent(
          f, run, form, "{\"email\":\"a@b.org\",\"copies\":9}", "content.copies", "maximum");
      assertRefusedContent(
          f, run, form, "{\"email\":\"a@b.org\",\"urgent\":\"yes\"}", "content.urgent", "type");
      assertRefusedContent(f, run, form, "{\"copies\":1}", "content.email", "required");
      assertRefusedContent(
          f,
          run,
          form,
          "{\"email\":\"a@b.org\",\"cc\":\"x\"}",
          "content.cc",
          "additionalProperties");
      assertThatThrownBy(() ->
              f.store.resolveInteraction(
                  run.id(), form.id(), Json.read("{\"action\":\"accept\"}"), null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_ANSWER_INVALID);
      assertThatThrownBy(() ->
              f.store.resolveInteraction(
                  run.id(), form.id(), Json.read("{\"approved\":true}"), null))
          .hasMessageContaining("approved")
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.UNKNOWN_FIELD);

      assertThat(f.store.interaction(form.id()).orElseThrow().status())
          .isEqualTo(Interaction.PENDING);
      assertThat(f.store.lastSeq()).isEqualTo(seq);
      Interaction answered =
          f.store.resolveInteraction(
              run.id(),
              form.id(),
              Json.read("{\"action\":\"accept\",\"content\":{\"email\":\"a@b.org\"}}"),
              null);
      assertThat(answered.status()).isEqualTo(Interaction.RESOLVED);
    }
  }

  @Test
  default void an_elicitation_whose_schema_mcp_does_not_allow_is_never_opened() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      long seq = f.store.lastSeq();

      for (String schema :
          List.of(
              "\"text\"",
              "{\"type\":\"array\"}",
              "{\"type\":\"object\",\"properties\":{\"tags\":{\"type\":\"array\"}}}",
              "{\"type\":\"object\",\"properties\":{\"home\":{\"type\":\"object\"}}}",
              "{\"type\":\"object\",\"properties\":{\"n\":{\"type\":\"string\",\"pattern\":\"a+\"}}}",
              "{\"type\":\"object\",\"properties\":{\"d\":{\"type\":\"string\",\"format\":\"ipv4\"}}}",
              "{\"type\":\"object\",\"properties\":{\"b\":{\"type\":\"boolean\",\"minimum\":1}}}",
              "{\"type\":\"object\",\"properties\":{},\"required\":[\"who\"]}",
              "{\"type\":\"object\",\"$ref\":\"#/x\"}")) {
        assertThatThrownBy(() ->
                f.store.openInteraction(
                    run.id(),
                    "elicitation",
                    Json.read("{\"message\":\"fill\",\"schema\":" + schema + "}")))
            .as(schema)
            .hasMessageContaining("schema")
            .extracting(e -> ((KxmException) e).code())
            .isEqualTo(ErrorCode.ELICITATION_SCHEMA_INVALID);
      }

      assertThat(f.store.interactions(run.id())).isEmpty();
      assertThat(f.store.lastSeq()).isEqualTo(seq);
    }
  }

  private static void assertRefusedContent(
      SessionFixture f,
      SessionRun run,
      Interaction form,
      String content,
      String field,
      String rule) {
    assertThatThrownBy(() ->
            f.store.resolveInteraction(
                run.id(),
                form.id(),
                Json.read("{\"action\":\"accept\",\"content\":" + content + "}"),
                null))
        .as(content)
        .hasMessageContaining(field)
        .hasMessageContaining(rule)
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.ELICITATION_CONTENT_INVALID);
  }
}

package io.kxm.session.store;

import static io.kxm.session.store.SessionFixture.json;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.session.api.SessionStore.Ending;
import io.kxm.session.api.StreamKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Interactions a run opens and a person answers, before and after the run ends. */
public interface InteractionStoreContract extends SessionStoreContract {

  @Test
  default void each_kind_is_announced_by_its_event_and_an_answer_resolves_it() {
    try (SessionFixture f = fixture()) {
      SessionRun run = f.aRunningRun();
      Interaction approval = f.store.openInteraction(run.id(), "approval", json("tool", "bash"));
      Interaction question =
          f.store.openInteraction(run.id(), "clarification", json("question", "which branch?"));
      Interaction form = f.store.openInteraction(run.id(), "elicitation", json("schema", "{}"));
      Interaction answered =
          f.store.resolveInteraction(
              run.id(), approval.id(), json("approved", "yes"), json("by", "ana"));

      assertThat(approval.id()).startsWith("int_");
      assertThat(answered.status()).isEqualTo(Interaction.RESOLVED);
      assertThat(answered.answer().get("approved").asString()).isEqualTo("yes");
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
      assertThat(resolved.data().get("answer").get("approved").asString()).isEqualTo("yes");
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
      assertThatThrownBy(
              () -> f.store.resolveInteraction(run.id(), asked.id(), json("approved", "yes"), null))
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
              json("text", "main.c"),
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
      f.store.resolveInteraction(run.id(), asked.id(), json("approved", "no"), null);
      Interaction resolved = f.store.interaction(asked.id()).orElseThrow();
      long seq = f.store.lastSeq();

      assertThatThrownBy(
              () -> f.store.resolveInteraction(run.id(), asked.id(), json("approved", "yes"), null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_ALREADY_RESOLVED);
      assertThatThrownBy(() ->
              f.store.resolveInteraction(other.id(), asked.id(), json("approved", "yes"), null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.INTERACTION_NOT_FOUND);
      assertThatThrownBy(() ->
              f.store.resolveInteraction(run.id(), "int_missing", json("approved", "yes"), null))
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
}

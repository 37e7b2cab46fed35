package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.INTERRUPTED;
import static io.kxm.session.api.SessionRunStatus.QUEUED;
import static io.kxm.session.api.SessionRunStatus.RUNNING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionMessage;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.Sessions;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionInteractionsTest {
  @TempDir Path tmp;
  SessionsFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void an_approval_goes_to_the_running_harness_and_lands_in_the_history() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session session = fx.session("approve");
    SessionRun run = fx.service.submit(session.id(), "clean the build");
    Interaction asked = fx.awaitPending(run.id());
    assertThat(asked.kind()).isEqualTo("approval");
    assertThat(asked.request().path("tool").asString()).isEqualTo("rm");

    assertThatThrownBy(
            () -> fx.service.resolve(run.id(), asked.id(), Json.read("{\"answer\":\"yes\"}")))
        .hasMessageContaining("approved")
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.INTERACTION_ANSWER_INVALID);
    assertThatThrownBy(() ->
            fx.service.resolve(run.id(), asked.id(), Json.read("{\"approved\":true,\"extra\":1}")))
        .hasMessageContaining("extra");
    assertThat(fx.service.run(run.id()).status()).isEqualTo(RUNNING);

    Sessions.Resolved resolved =
        fx.service.resolve(run.id(), asked.id(), Json.read("{\"approved\":true,\"by\":\"ana\"}"));

    assertThat(resolved.continuation()).isNull();
    assertThat(resolved.interaction().status()).isEqualTo(Interaction.RESOLVED);
    SessionRun done = fx.awaitStatus(run.id(), COMPLETED);
    assertThat(done.finalMessage()).isEqualTo("approved=True by ana");
    assertThat(fx.types(run.id()))
        .containsSubsequence(
            EventTypes.APPROVAL_REQUIRED,
            EventTypes.INTERACTION_RESOLVED,
            EventTypes.RUN_COMPLETED);
    assertThat(fx.service.history(session.id()))
        .extracting(SessionMessage::role)
        .containsExactly("user", "interaction", "assistant");
    assertThatThrownBy(
            () -> fx.service.resolve(run.id(), asked.id(), Json.read("{\"approved\":false}")))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.INTERACTION_ALREADY_RESOLVED);
  }

  @Test
  void an_answer_after_a_restart_carries_on_in_a_continuation_run() throws Exception {
    fx = SessionsFixture.storeOnly(tmp);
    Session session = fx.store.createSession(fx.workspace.toString(), fx.agent("approve"), null);
    SessionRun crashed = fx.store.createRun(session.id(), "clean the build", null);
    fx.store.transition(crashed.id(), RUNNING, null, Json.object());
    Interaction asked =
        fx.store.openInteraction(crashed.id(), "approval", Json.read("{\"tool\":\"rm\"}"));
    fx.store.close();
    fx.openStore();
    fx.startService(SessionsFixture.settings(4, 10));
    assertThat(fx.service.run(crashed.id()).status()).isEqualTo(INTERRUPTED);
    assertThat(fx.service.run(crashed.id()).error()).isEqualTo("server_restart");

    Sessions.Resolved resolved =
        fx.service.resolve(
            crashed.id(), asked.id(), Json.read("{\"approved\":true,\"by\":\"bo\"}"));

    SessionRun continuation = resolved.continuation();
    assertThat(continuation).isNotNull();
    assertThat(continuation.status()).isEqualTo(QUEUED);
    assertThat(continuation.resumedFrom()).isEqualTo(crashed.id());
    assertThat(continuation.prompt()).isEqualTo("clean the build");
    SessionRun done = fx.awaitStatus(continuation.id(), COMPLETED);
    assertThat(done.finalMessage()).isEqualTo("approved=True by bo");
    assertThat(fx.types(continuation.id())).doesNotContain(EventTypes.APPROVAL_REQUIRED);
    SessionEvent announced =
        fx.events(crashed.id()).stream()
            .filter(e -> e.type().equals(EventTypes.INTERACTION_RESOLVED))
            .findFirst()
            .orElseThrow();
    assertThat(announced.data().path("continuationRunId").asString()).isEqualTo(continuation.id());
    assertThat(fx.service.history(session.id()))
        .extracting(SessionMessage::role, SessionMessage::content)
        .satisfiesExactly(
            user -> assertThat(user.toList()).containsExactly("user", "clean the build"),
            answer -> assertThat(answer.toList().get(1).toString()).contains("\"approved\":true"),
            reply ->
                assertThat(reply.toList()).containsExactly("assistant", "approved=True by bo"));
  }
}

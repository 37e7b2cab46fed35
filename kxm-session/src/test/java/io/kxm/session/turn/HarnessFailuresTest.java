package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.FAILED;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.session.api.EventTypes;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * Harnesses that misbehave: one that hangs past the turn timeout, one that writes nothing readable,
 * one that cannot start. Each run ends with a stable code in its {@code run.failed} data, and the
 * session takes its next turn.
 */
class HarnessFailuresTest {
  @TempDir Path tmp;
  SessionsFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void a_turn_past_its_timeout_has_its_process_tree_killed_and_fails_as_timed_out()
      throws Exception {
    fx = start(Duration.ofSeconds(1));
    Path pidFile = tmp.resolve("grandchild.pid");
    Session session = fx.session("hang", pidFile.toString());

    SessionRun run = fx.service.submit(session.id(), "work forever");
    long grandchild = fx.pidIn(pidFile);

    SessionRun failed = fx.awaitStatus(run.id(), FAILED);
    assertThat(failed.error()).isEqualTo("harness_timed_out");
    fx.awaitGone(grandchild);
    JsonNode data = failedData(run.id());
    assertThat(data.path("error").asString()).isEqualTo("harness_timed_out");
    assertThat(data.path("timeoutMs").asLong()).isEqualTo(1000);
    assertThat(fx.types(run.id())).contains(EventTypes.MESSAGE_DELTA);
    assertThat(fx.service.history(session.id())).isEmpty();
  }

  @Test
  void a_turn_inside_its_timeout_is_not_cut() throws Exception {
    fx = start(Duration.ofSeconds(60));
    Session session = fx.session("echo");

    SessionRun run = fx.service.submit(session.id(), "quick");

    assertThat(fx.awaitStatus(run.id(), COMPLETED).finalMessage()).contains("for quick");
  }

  @Test
  void a_harness_writing_only_garbage_records_protocol_errors_and_fails_as_unreadable()
      throws Exception {
    fx = start(Duration.ofSeconds(60));
    Session session = fx.session("garbage");

    SessionRun run = fx.service.submit(session.id(), "say something");

    SessionRun failed = fx.awaitStatus(run.id(), FAILED);
    assertThat(failed.error()).isEqualTo("harness_output_unreadable");
    List<SessionEvent> errors =
        fx.events(run.id()).stream()
            .filter(e -> e.type().equals(EventTypes.PROTOCOL_ERROR))
            .toList();
    assertThat(errors).hasSize(4);
    for (SessionEvent error : errors) {
      assertThat(error.data().path("line").asString().length()).isLessThan(4096);
    }
    JsonNode data = failedData(run.id());
    assertThat(data.path("protocolErrors").asInt()).isEqualTo(4);
    assertThat(data.path("exitCode").asInt()).isZero();

    SessionRun next =
        fx.service.submit(
            fx.service.create(fx.workspace.toString(), fx.agent("echo"), null).id(), "after");
    assertThat(fx.awaitStatus(next.id(), COMPLETED).status()).isEqualTo(COMPLETED);
  }

  @Test
  void a_missing_program_fails_the_run_as_harness_start_failed() throws Exception {
    fx = start(Duration.ofSeconds(60));
    Session session =
        fx.service.create(
            fx.workspace.toString(),
            new HarnessSpec(HarnessSpec.COMMAND, List.of(tmp.resolve("no-such-agent").toString())),
            null);

    SessionRun run = fx.service.submit(session.id(), "hello");

    assertThat(fx.awaitStatus(run.id(), FAILED).error()).isEqualTo("harness_start_failed");
    assertThat(failedData(run.id()).path("error").asString()).isEqualTo("harness_start_failed");
  }

  private SessionsFixture start(Duration turnTimeout) throws InterruptedException {
    return SessionsFixture.start(tmp, SessionsFixture.settings(4, 10).withTurnTimeout(turnTimeout));
  }

  private JsonNode failedData(String runId) {
    return fx.events(runId).stream()
        .filter(e -> e.type().equals(EventTypes.RUN_FAILED))
        .findFirst()
        .orElseThrow()
        .data();
  }
}

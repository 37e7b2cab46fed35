package io.kxm.session.turn;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.session.api.HarnessSpec;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SessionRefusalsTest {
  @TempDir Path tmp;
  SessionsFixture fx;

  @BeforeEach
  void open() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 1));
  }

  @AfterEach
  void close() {
    fx.close();
  }

  @Test
  void a_workspace_root_that_is_relative_missing_or_a_file_is_refused() throws Exception {
    Path file = Files.writeString(tmp.resolve("file.txt"), "x");
    for (String root :
        new String[] {"relative/dir", tmp.resolve("absent").toString(), file.toString(), ""}) {
      assertThatThrownBy(() -> fx.service.create(root, fx.agent("echo"), null))
          .isInstanceOf(KxmException.class)
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.WORKSPACE_ROOT_INVALID);
    }
    assertThat(fx.service.list(10)).isEmpty();
  }

  @Test
  void the_workspace_root_is_stored_in_canonical_form() throws Exception {
    Path link = Files.createSymbolicLink(tmp.resolve("link"), fx.workspace);

    Session session = fx.service.create(link + "/.", fx.agent("echo"), " ");

    assertThat(session.workspaceRoot()).isEqualTo(fx.workspace.toRealPath().toString());
    assertThat(session.model()).isNull();
  }

  @Test
  void a_harness_other_than_a_bounded_command_is_refused() {
    List<HarnessSpec> bad =
        List.of(
            new HarnessSpec("shell", List.of("/bin/sh")),
            new HarnessSpec(HarnessSpec.COMMAND, List.of()),
            new HarnessSpec(HarnessSpec.COMMAND, List.of("")),
            new HarnessSpec(HarnessSpec.COMMAND, Collections.nCopies(65, "a")),
            new HarnessSpec(HarnessSpec.COMMAND, List.of("a", "x".repeat(4097))),
            new HarnessSpec(HarnessSpec.COMMAND, List.of("a", "nul\0byte")));
    for (HarnessSpec spec : bad) {
      assertThatThrownBy(() -> fx.service.create(fx.workspace.toString(), spec, null))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.HARNESS_INVALID);
    }
    assertThat(fx.service.list(10)).isEmpty();
  }

  @Test
  void a_prompt_that_is_empty_or_too_large_is_refused_and_nothing_is_queued() {
    Session session = fx.session("echo");
    for (String prompt : new String[] {null, "", "x".repeat(256 * 1024 + 1)}) {
      assertThatThrownBy(() -> fx.service.submit(session.id(), prompt))
          .extracting(e -> ((KxmException) e).code())
          .isEqualTo(ErrorCode.RUN_PROMPT_INVALID);
    }
    assertThat(fx.service.runs(session.id())).isEmpty();
  }

  @Test
  void a_session_with_a_full_queue_refuses_more_runs() {
    Session session = fx.session("wait", tmp.toString());
    fx.service.submit(session.id(), "one");
    fx.awaitFile(tmp.resolve("one.started"));
    SessionRun queued = fx.service.submit(session.id(), "two");

    assertThatThrownBy(() -> fx.service.submit(session.id(), "three"))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SESSION_QUEUE_FULL);
    assertThat(fx.service.runs(session.id()))
        .extracting(SessionRun::id)
        .hasSize(2)
        .contains(queued.id());
  }

  @Test
  void unknown_sessions_and_runs_are_named_in_the_refusal() {
    assertThatThrownBy(() -> fx.service.submit("ses_missing", "hi"))
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.SESSION_NOT_FOUND);
    assertThatThrownBy(() -> fx.service.cancel("srun_missing"))
        .hasMessageContaining("srun_missing")
        .extracting(e -> ((KxmException) e).code())
        .isEqualTo(ErrorCode.RUN_NOT_FOUND);
  }
}

package io.kxm.session.builtin;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.Interaction;
import io.kxm.session.api.SessionRun;
import io.kxm.session.api.SessionRunStatus;
import io.kxm.testkit.provider.HttpFailure;
import io.kxm.testkit.provider.Rule;
import io.kxm.testkit.provider.Turn;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/** Whole built-in turns on the session service, the fake provider as the model. */
class BuiltinSessionTest {
  @TempDir Path dir;

  private BuiltinSessions start(String wire) throws Exception {
    return BuiltinSessions.start(dir, wire, BuiltinSettings.AutoApprove.NONE, Map.of());
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void a_turn_reads_a_file_and_answers_from_it(String wire) throws Exception {
    try (BuiltinSessions fx = start(wire)) {
      fx.provider.enqueue(
          Turn.text("Let me look.").andToolCall("read_file", "{\"path\":\"notes.txt\"}"));
      fx.provider.when(
          Rule.whenToolResultFor("read_file", Turn.text("The notes say hello.").withUsage(50, 5)));
      String session = fx.session(wire).id();

      SessionRun run = fx.awaitEnd(fx.service.submit(session, "What do the notes say?").id());

      assertThat(run.status()).as(run.error()).isEqualTo(SessionRunStatus.COMPLETED);
      assertThat(run.outcome()).isEqualTo("success");
      assertThat(run.finalMessage()).isEqualTo("The notes say hello.");
      assertThat(fx.types(run.id()))
          .contains("message.delta", "tool.call", "tool.result", "usage", "message.completed")
          .doesNotContain("run.approval.required");
      var results = fx.provider.requests().getLast().toolResults();
      assertThat(results).hasSize(1);
      assertThat(results.getFirst().output()).contains("the notes say hello");
      assertThat(fx.worktrees).doesNotExist();
      assertThat(fx.service.history(session))
          .extracting(m -> m.content())
          .containsExactly("What do the notes say?", "The notes say hello.");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void an_approved_write_lands_in_the_worktree_and_the_diff_is_evidence(String wire)
      throws Exception {
    try (BuiltinSessions fx = start(wire)) {
      fx.provider.enqueue(
          Turn.toolCall("write_file", "{\"path\":\"docs/plan.md\",\"content\":\"step one\\n\"}"));
      fx.provider.when(Rule.whenToolResultFor("write_file", Turn.text("Wrote the plan.")));
      String session = fx.session(wire).id();
      String runId = fx.service.submit(session, "Write a plan").id();

      Interaction asked = fx.awaitPending(runId);
      assertThat(asked.kind()).isEqualTo("approval");
      assertThat(asked.request().path("tool").asString()).isEqualTo("write_file");
      assertThat(asked.request().path("input").path("path").asString()).isEqualTo("docs/plan.md");
      fx.service.resolve(runId, asked.id(), Json.read("{\"approved\":true,\"by\":\"ann\"}"));
      SessionRun run = fx.awaitEnd(runId);

      assertThat(run.status()).as(run.error()).isEqualTo(SessionRunStatus.COMPLETED);
      assertThat(run.finalMessage()).isEqualTo("Wrote the plan.");
      Path worktree = fx.worktrees.resolve(session);
      assertThat(worktree.resolve("docs/plan.md")).hasContent("step one\n");
      assertThat(fx.workspace.resolve("docs")).doesNotExist();
      JsonNode diff = fx.toolResult(runId, "kxm_worktree_diff").path("output");
      assertThat(diff.path("diff").asString()).contains("+++ b/docs/plan.md", "+step one");
      assertThat(diff.path("files").get(0).asString()).isEqualTo("A\tdocs/plan.md");
      assertThat(diff.path("worktree").asString()).isEqualTo(worktree.toString());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"anthropic", "responses", "chat"})
  void a_denied_write_changes_nothing_and_the_model_hears_why(String wire) throws Exception {
    try (BuiltinSessions fx = start(wire)) {
      fx.provider.enqueue(
          Turn.toolCall("write_file", "{\"path\":\"plan.md\",\"content\":\"step one\"}"));
      fx.provider.when(Rule.whenToolResultFor("write_file", Turn.text("Understood.")));
      String session = fx.session(wire).id();
      String runId = fx.service.submit(session, "Write a plan").id();

      Interaction asked = fx.awaitPending(runId);
      fx.service.resolve(
          runId, asked.id(), Json.read("{\"approved\":false,\"answer\":\"not now\"}"));
      SessionRun run = fx.awaitEnd(runId);

      assertThat(run.status()).isEqualTo(SessionRunStatus.COMPLETED);
      assertThat(fx.workspace.resolve("plan.md")).doesNotExist();
      assertThat(fx.worktrees.resolve(session)).doesNotExist();
      var told = fx.provider.requests().getLast().toolResults();
      assertThat(told.getFirst().output()).contains("denied", "not now");
      var results = fx.events(runId).stream().filter(e -> e.type().equals("tool.result")).toList();
      assertThat(results).hasSize(1);
      assertThat(results.getFirst().data().path("isError").asBoolean()).isTrue();
      assertThat(results.getFirst().data().path("output").asString()).contains("denied");
    }
  }

  @Test
  void a_later_turn_reads_its_own_earlier_write_from_the_worktree() throws Exception {
    try (BuiltinSessions fx =
        BuiltinSessions.start(dir, "anthropic", BuiltinSettings.AutoApprove.WRITES, Map.of())) {
      fx.provider.enqueue(
          Turn.toolCall(
              "edit_file",
              "{\"path\":\"notes.txt\",\"old_text\":\"hello\"," + "\"new_text\":\"goodbye\"}"),
          Turn.text("Edited."),
          Turn.toolCall("read_file", "{\"path\":\"notes.txt\"}"),
          Turn.text("They say goodbye."));
      String session = fx.session("anthropic").id();

      SessionRun first = fx.awaitEnd(fx.service.submit(session, "Edit the notes").id());
      SessionRun second = fx.awaitEnd(fx.service.submit(session, "Read them").id());

      assertThat(first.status()).as(first.error()).isEqualTo(SessionRunStatus.COMPLETED);
      assertThat(second.status()).isEqualTo(SessionRunStatus.COMPLETED);
      assertThat(fx.service.interactions(first.id())).isEmpty();
      assertThat(fx.workspace.resolve("notes.txt")).hasContent("the notes say hello\n");
      var read = fx.provider.requests().get(3).toolResults();
      assertThat(read.getFirst().output()).contains("the notes say goodbye");
      // the second turn changed nothing, so only the first carries a diff
      assertThat(fx.types(second.id()).stream().filter(t -> t.equals("tool.call"))).hasSize(1);
    }
  }

  @Test
  void a_provider_error_fails_the_run_with_provider_failed() throws Exception {
    try (BuiltinSessions fx = start("responses")) {
      fx.provider.enqueue(HttpFailure.of(500, "upstream exploded"));
      String session = fx.session("responses").id();

      SessionRun run = fx.awaitEnd(fx.service.submit(session, "hi").id());

      assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
      assertThat(run.error()).isEqualTo("provider_failed");
      assertThat(run.outcome()).isEqualTo("error");
    }
  }

  @Test
  void a_missing_key_fails_the_run_as_not_logged_in() throws Exception {
    try (BuiltinSessions fx =
        BuiltinSessions.start(
            dir, "anthropic", BuiltinSettings.AutoApprove.NONE, Map.of("ANTHROPIC_API_KEY", ""))) {
      String session = fx.session("anthropic").id();

      SessionRun run = fx.awaitEnd(fx.service.submit(session, "hi").id());

      assertThat(run.status()).isEqualTo(SessionRunStatus.FAILED);
      assertThat(run.error()).isEqualTo("harness_not_logged_in");
      assertThat(fx.provider.requests()).isEmpty();
    }
  }

  @Test
  void cancelling_a_turn_that_waits_for_approval_writes_nothing() throws Exception {
    try (BuiltinSessions fx = start("anthropic")) {
      fx.provider.enqueue(Turn.toolCall("run_command", "{\"command\":\"touch made.txt\"}"));
      String session = fx.session("anthropic").id();
      String runId = fx.service.submit(session, "make a file").id();
      fx.awaitPending(runId);

      fx.service.cancel(runId);
      SessionRun run = fx.awaitStatus(runId, SessionRunStatus.CANCELLED);

      assertThat(run.status()).isEqualTo(SessionRunStatus.CANCELLED);
      assertThat(fx.worktrees.resolve(session)).doesNotExist();
      assertThat(fx.workspace.resolve("made.txt")).doesNotExist();
      assertThat(List.of(fx.provider.requests().size())).containsExactly(1);
    }
  }
}

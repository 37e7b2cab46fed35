package io.kxm.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.session.SessionSupervisor.Done;
import io.kxm.core.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The session commands through the real CLI against a real supervisor and the echo agent. The tests
 * share one supervisor; each works in a session of its own.
 */
class SessionCliTest {
  @TempDir static Path dir;
  static SessionSupervisor kxm;

  @BeforeAll
  static void supervisor() throws Exception {
    kxm = SessionSupervisor.start(dir);
  }

  @AfterAll
  static void stop() {
    kxm.close();
  }

  @Test
  void a_new_session_run_with_watch_prints_the_final_message_and_exits_0() {
    Done created = kxm.kxm("session", "new", "--", "python3", SessionSupervisor.echoAgent());
    assertThat(created.exit()).as(created.err()).isZero();
    String sessionId = created.out().lines().findFirst().orElseThrow().split(" ")[1];
    assertThat(sessionId).startsWith("ses_");
    assertThat(created.out()).contains("kxm session run " + sessionId);

    Done watched = kxm.kxm("session", "run", sessionId, "--watch", "hello", "there");

    assertThat(watched.exit()).as(watched.err()).isZero();
    assertThat(watched.out())
        .contains("hello there")
        .contains("tool call echo [call_1]")
        .contains("run completed (success)");
    Done shown = kxm.kxm("session", "show", sessionId, "--messages");
    assertThat(shown.exit()).as(shown.err()).isZero();
    assertThat(shown.out())
        .contains("runs: 1")
        .contains("completed (success)")
        .contains("messages: 2")
        .contains("[user] hello there")
        .contains("[assistant] echo: hello there");
  }

  @Test
  void json_outputs_parse_and_the_watch_prints_one_envelope_per_line_in_order() {
    String sessionId = kxm.newEchoSession();

    Done watched = kxm.kxm("session", "run", sessionId, "--watch", "--json", "hi");

    assertThat(watched.exit()).as(watched.err()).isZero();
    List<JsonNode> events = watched.out().lines().map(Json::read).toList();
    assertThat(events)
        .extracting(e -> e.path("type").asString())
        .startsWith("run.queued")
        .contains("message.delta", "tool.call", "tool.result", "usage", "message.completed")
        .endsWith("run.completed");
    assertThat(events).extracting(e -> e.path("seq").asLong()).isSorted().doesNotHaveDuplicates();
    String runId = events.get(0).path("runId").asString();

    JsonNode listed = kxm.kxm("session", "list", "--json").json();
    assertThat(listed.path("sessions"))
        .extracting(s -> s.path("id").asString())
        .contains(sessionId);
    JsonNode shown = kxm.kxm("session", "show", sessionId, "--json", "--messages").json();
    assertThat(shown.path("messageCount").asInt()).isEqualTo(2);
    assertThat(shown.path("runs").get(0).path("status").asString()).isEqualTo("completed");
    JsonNode status = kxm.kxm("runs", "status", runId, "--json").json();
    assertThat(status.path("run").path("finalMessage").asString()).isEqualTo("echo: hi");
  }

  @Test
  void watch_after_a_sequence_shows_only_the_later_events_and_past_the_last_one_ends_at_once() {
    String sessionId = kxm.newEchoSession();
    List<JsonNode> all =
        kxm.kxm("session", "run", sessionId, "--watch", "--json", "one two three")
            .out()
            .lines()
            .map(Json::read)
            .toList();
    String runId = all.get(0).path("runId").asString();
    long cursor = all.get(3).path("seq").asLong();

    Done resumed = kxm.kxm("runs", "watch", runId, "--json", "--after", Long.toString(cursor));

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.out().lines().map(Json::read).toList())
        .isEqualTo(all.subList(4, all.size()));
    long last = all.get(all.size() - 1).path("seq").asLong();
    Done pastTheEnd = kxm.kxm("runs", "watch", runId, "--after", Long.toString(last));
    assertThat(pastTheEnd.exit()).as(pastTheEnd.err()).isZero();
    assertThat(pastTheEnd.out()).isEmpty();
    assertThat(pastTheEnd.err()).doesNotContain("reconnecting");
  }

  @Test
  void runs_approve_answers_a_pending_approval_and_the_watch_sees_the_run_finish()
      throws Exception {
    String sessionId = kxm.newEchoSession();
    Done queued = kxm.kxm("session", "run", sessionId, "--json", "please approve this");
    assertThat(queued.exit()).as(queued.err()).isZero();
    String runId = queued.json().path("id").asString();
    assertThat(queued.json().path("status").asString()).isEqualTo("queued");
    CompletableFuture<Done> watch =
        CompletableFuture.supplyAsync(() -> kxm.kxm("runs", "watch", runId));

    String interactionId = pendingInteraction(runId);
    Done status = kxm.kxm("runs", "status", runId);
    assertThat(status.out())
        .contains("approval " + interactionId + ": pending: tool write_file")
        .contains("kxm runs approve " + runId + " " + interactionId);
    Done approved = kxm.kxm("runs", "approve", runId, interactionId, "--note", "fine");

    assertThat(approved.exit()).as(approved.err()).isZero();
    assertThat(approved.out()).contains("interaction " + interactionId + " (approval): resolved");
    Done watched = watch.get(60, TimeUnit.SECONDS);
    assertThat(watched.exit()).as(watched.err()).isZero();
    assertThat(watched.out())
        .contains("approval needed " + interactionId)
        .contains("answer with: kxm runs approve " + runId + " " + interactionId)
        .contains(interactionId + " approved by")
        .contains("approved: fine")
        .contains("run completed (success)");
  }

  @Test
  void close_cancels_a_waiting_and_a_queued_run_refuses_new_turns_and_delete_removes_the_session()
      throws Exception {
    String sessionId = kxm.newEchoSession();
    String waiting =
        kxm.kxm("session", "run", sessionId, "--json", "approve it").json().path("id").asString();
    pendingInteraction(waiting);
    String queued =
        kxm.kxm("session", "run", sessionId, "--json", "after it").json().path("id").asString();
    Done refusedDelete = kxm.kxm("session", "delete", sessionId);
    assertThat(refusedDelete.exit()).isEqualTo(1);
    assertThat(refusedDelete.err())
        .startsWith("error: session_not_closed:")
        .contains("kxm session close");

    Done closed = kxm.kxm("session", "close", sessionId, "--json");

    assertThat(closed.exit()).as(closed.err()).isZero();
    assertThat(closed.json().path("session").path("closedAt").isString()).isTrue();
    assertThat(closed.json().path("runs"))
        .extracting(r -> r.path("id").asString() + "=" + r.path("status").asString())
        .containsExactly(waiting + "=cancelled", queued + "=cancelled");
    Done turn = kxm.kxm("session", "run", sessionId, "one more");
    assertThat(turn.exit()).isEqualTo(1);
    assertThat(turn.err()).startsWith("error: session_closed:").contains("kxm session new");
    assertThat(kxm.kxm("session", "close", sessionId).exit()).isZero();

    Done deleted = kxm.kxm("session", "delete", sessionId);
    assertThat(deleted.exit()).as(deleted.err()).isZero();
    assertThat(deleted.out()).contains("deleted " + sessionId);
    Done shown = kxm.kxm("session", "show", sessionId);
    assertThat(shown.exit()).isEqualTo(1);
    assertThat(shown.err()).startsWith("error: session_not_found:");
    assertThat(kxm.kxm("runs", "status", waiting).err()).contains("run_not_found");
    // deleted on purpose, so not reported as a log cut short
    assertThat(kxm.kxm("runs", "verify", waiting).err()).contains("run_not_found");
  }

  @Test
  void runs_deny_refuses_an_approval_and_the_agent_hears_it() throws Exception {
    String sessionId = kxm.newEchoSession();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "approve the write")
            .json()
            .path("id")
            .asString();
    String interactionId = pendingInteraction(runId);

    Done denied =
        kxm.kxm("runs", "deny", runId, interactionId, "--note", "not now", "--by", "ana", "--json");

    assertThat(denied.exit()).as(denied.err()).isZero();
    assertThat(denied.json().path("interaction").path("answer").path("approved").asBoolean(true))
        .isFalse();
    assertThat(denied.json().path("continuation").isNull()).isTrue();
    Done watched = kxm.kxm("runs", "watch", runId);
    assertThat(watched.exit()).as(watched.err()).isZero();
    assertThat(watched.out())
        .contains(interactionId + " denied by ana: not now")
        .contains("denied: not now");
  }

  @Test
  void a_session_keeps_the_model_and_a_workspace_given_relative_to_the_current_folder()
      throws Exception {
    Files.createDirectories(kxm.workspace().resolve("sub"));

    Done created =
        kxm.kxm(
            "session",
            "new",
            "--workspace",
            "sub",
            "--model",
            "small",
            "--json",
            "--",
            "python3",
            SessionSupervisor.echoAgent(),
            "--flag");

    assertThat(created.exit()).as(created.err()).isZero();
    JsonNode session = created.json();
    assertThat(session.path("workspaceRoot").asString())
        .isEqualTo(kxm.workspace().resolve("sub").toAbsolutePath().toString());
    assertThat(session.path("model").asString()).isEqualTo("small");
    assertThat(session.path("harness").path("argv"))
        .extracting(JsonNode::asString)
        .containsExactly("python3", SessionSupervisor.echoAgent(), "--flag");
  }

  @Test
  void a_session_of_the_built_in_agent_is_created_on_its_route_without_a_program() {
    Done created =
        kxm.kxm(
            "session",
            "new",
            "--harness",
            "builtin",
            "--model",
            "anthropic/claude-sonnet-4-5",
            "--json");

    assertThat(created.exit()).as(created.err()).isZero();
    JsonNode session = created.json();
    assertThat(session.path("harness").path("type").asString()).isEqualTo("builtin");
    assertThat(session.path("harness").path("argv")).isEmpty();
    assertThat(session.path("model").asString()).isEqualTo("anthropic/claude-sonnet-4-5");
  }

  @Test
  void a_route_that_breaks_the_vendor_rule_is_refused_with_its_code() {
    Done refused =
        kxm.kxm("session", "new", "--harness", "codex", "--model", "anthropic/claude-sonnet-4-5");

    assertThat(refused.exit()).isEqualTo(1);
    assertThat(refused.err()).contains("route_vendor_mismatch");
  }

  @Test
  void cancelling_a_waiting_run_ends_its_watch_with_exit_1() throws Exception {
    String sessionId = kxm.newEchoSession();
    String runId =
        kxm.kxm("session", "run", sessionId, "--json", "approve me").json().path("id").asString();
    CompletableFuture<Done> watch =
        CompletableFuture.supplyAsync(() -> kxm.kxm("runs", "watch", runId));
    pendingInteraction(runId);

    Done cancelled = kxm.kxm("runs", "cancel", runId);

    assertThat(cancelled.exit()).as(cancelled.err()).isZero();
    assertThat(cancelled.out()).contains("run " + runId + " (session " + sessionId + ")");
    Done watched = watch.get(60, TimeUnit.SECONDS);
    assertThat(watched.exit()).isEqualTo(1);
    assertThat(watched.out()).contains("run cancelled");
  }

  @Test
  void an_unknown_session_gives_its_code_and_exit_1() {
    Done shown = kxm.kxm("session", "show", "ses_nope");
    Done run = kxm.kxm("session", "run", "ses_nope", "hello");
    Done watched = kxm.kxm("runs", "watch", "srun_nope");

    assertThat(shown.exit()).isEqualTo(1);
    assertThat(shown.err()).contains("error: session_not_found").contains("next: ");
    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("error: session_not_found");
    assertThat(watched.exit()).isEqualTo(1);
    assertThat(watched.err()).contains("error: run_not_found").doesNotContain("reconnecting");
  }

  @Test
  void session_cancel_withdraws_the_queued_runs_unstarted_and_stops_the_running_one() {
    String sessionId = kxm.newEchoSession();
    String running =
        kxm.kxm("session", "run", sessionId, "--json", "please approve this")
            .json()
            .path("id")
            .asString();
    String second =
        kxm.kxm("session", "run", sessionId, "--json", "second").json().path("id").asString();
    String third =
        kxm.kxm("session", "run", sessionId, "--json", "third").json().path("id").asString();
    pendingInteraction(running);

    Done cancel = kxm.kxm("session", "cancel", sessionId, "--json");

    assertThat(cancel.exit()).as(cancel.err()).isZero();
    assertThat(cancel.json().path("cancelled"))
        .extracting(JsonNode::asString)
        .containsExactly(third, second, running);
    for (String runId : List.of(running, second, third)) {
      assertThat(
              kxm.kxm("runs", "status", runId, "--json")
                  .json()
                  .path("run")
                  .path("status")
                  .asString())
          .as(runId)
          .isEqualTo("cancelled");
    }
    Done events = kxm.kxm("runs", "watch", second, "--json");
    assertThat(events.out().lines().map(Json::read).map(e -> e.path("type").asString()))
        .containsExactly("run.queued", "run.cancelled");
    Done again = kxm.kxm("session", "cancel", sessionId);
    assertThat(again.exit()).isZero();
    assertThat(again.out()).contains("has no queued or running run");
  }

  @Test
  void runs_list_in_the_workspace_shows_the_session_runs_after_the_workflow_runs()
      throws Exception {
    Files.createDirectories(kxm.workspace().resolve(".kxm"));
    String sessionId = kxm.newEchoSession();
    Done run = kxm.kxm("session", "run", sessionId, "--watch", "--json", "listed");
    assertThat(run.exit()).as(run.err()).isZero();
    String runId = Json.read(run.out().lines().findFirst().orElseThrow()).path("runId").asString();

    Done list = kxm.kxm("runs", "list", "--json");
    Done text = kxm.kxm("runs", "list");

    assertThat(list.exit()).as(list.err()).isZero();
    assertThat(list.json().path("sessionRuns"))
        .filteredOn(r -> r.path("sessionId").asString().equals(sessionId))
        .singleElement()
        .satisfies(r -> {
          assertThat(r.path("id").asString()).isEqualTo(runId);
          assertThat(r.path("status").asString()).isEqualTo("completed");
          assertThat(r.has("prompt")).isFalse();
        });
    assertThat(text.out()).contains(runId + "  session " + sessionId + "  completed");
  }

  private String pendingInteraction(String runId) {
    return Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(100))
        .until(
            () -> {
              JsonNode detail = kxm.kxm("runs", "status", runId, "--json").json();
              for (JsonNode interaction : detail.path("interactions")) {
                if (interaction.path("status").asString().equals("pending")) {
                  return interaction.path("id").asString();
                }
              }
              return null;
            },
            id -> id != null);
  }
}

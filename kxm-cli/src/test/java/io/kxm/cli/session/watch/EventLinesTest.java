package io.kxm.cli.session.watch;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** The text a person sees while watching a run, event by event. */
class EventLinesTest {
  StringWriter printed = new StringWriter();
  EventLines lines = new EventLines(new PrintWriter(printed, true));

  void event(String type, String data) {
    lines.print(
        Json.read(
            "{\"seq\":1,\"sessionId\":\"ses_1\",\"runId\":\"srun_1\",\"type\":\""
                + type
                + "\",\"at\":\"2026-01-01T00:00:00Z\",\"data\":"
                + data
                + "}"));
  }

  @Test
  void deltas_print_inline_and_the_completed_message_only_ends_their_line() {
    event("run.started", "{\"status\":\"running\"}");
    event("message.delta", "{\"text\":\"Hel\"}");
    event("message.delta", "{\"text\":\"lo\"}");
    event("message.completed", "{\"text\":\"Hello\"}");
    event("run.completed", "{\"status\":\"completed\",\"outcome\":\"success\"}");

    assertThat(printed.toString().lines())
        .containsExactly("running", "Hello", "run completed (success)");
  }

  @Test
  void a_final_message_that_differs_from_the_deltas_prints_on_its_own_line() {
    event("message.delta", "{\"text\":\"working on it \"}");
    event("message.completed", "{\"text\":\"done: 3 files\"}");

    assertThat(printed.toString().lines()).containsExactly("working on it ", "done: 3 files");
  }

  @Test
  void a_completed_message_without_deltas_prints_its_text() {
    event("message.completed", "{\"text\":\"all at once\"}");

    assertThat(printed.toString().lines()).containsExactly("all at once");
  }

  @Test
  void an_event_after_an_open_delta_starts_on_its_own_line() {
    event("message.delta", "{\"text\":\"thinking\"}");
    event("tool.call", "{\"id\":\"c1\",\"name\":\"read\",\"input\":{\"path\":\"a.txt\"}}");

    assertThat(printed.toString().lines())
        .containsExactly("thinking", "tool call read [c1] {\"path\":\"a.txt\"}");
  }

  @Test
  void questions_name_the_interaction_and_what_is_asked() {
    event(
        "run.approval.required",
        "{\"interactionId\":\"int_1\",\"kind\":\"approval\",\"request\":"
            + "{\"tool\":\"write_file\",\"input\":{\"path\":\"n.txt\"},\"reason\":\"asked\"}}");
    event(
        "run.clarification.required",
        "{\"interactionId\":\"int_2\",\"kind\":\"clarification\",\"request\":"
            + "{\"question\":\"which branch?\"}}");

    assertThat(printed.toString().lines())
        .containsExactly(
            "approval needed int_1: tool write_file reason asked input {\"path\":\"n.txt\"}",
            "question int_2: question which branch?");
  }

  @Test
  void endings_say_how_the_run_ended_and_why() {
    event(
        "run.failed",
        "{\"status\":\"failed\",\"outcome\":\"error\",\"error\":\"harness_exit\",\"exitCode\":3}");
    event("run.interrupted", "{\"status\":\"interrupted\",\"error\":\"server_restart\"}");
    event(
        "interaction.resolved",
        "{\"interactionId\":\"int_1\",\"kind\":\"approval\",\"answer\":{\"approved\":false,"
            + "\"by\":\"ana\"},\"continuationRunId\":\"srun_2\"}");

    assertThat(printed.toString().lines())
        .containsExactly(
            "run failed (error): harness_exit, exit code 3",
            "run interrupted: server_restart",
            "int_1 denied by ana; the session goes on in run srun_2");
  }

  @Test
  void an_elicitation_answer_says_whether_it_was_accepted_and_shows_the_form() {
    event(
        "interaction.resolved",
        "{\"interactionId\":\"int_1\",\"kind\":\"elicitation\",\"answer\":{\"action\":\"accept\","
            + "\"content\":{\"email\":\"a@b.org\"},\"by\":\"ana\"}}");
    event(
        "interaction.resolved",
        "{\"interactionId\":\"int_2\",\"kind\":\"elicitation\",\"answer\":{\"action\":\"decline\"}}");
    event(
        "interaction.resolved",
        "{\"interactionId\":\"int_3\",\"kind\":\"elicitation\",\"answer\":{\"action\":\"cancel\"}}");
    event(
        "interaction.resolved",
        "{\"interactionId\":\"int_4\",\"kind\":\"clarification\",\"answer\":{\"answer\":\"main\"}}");

    assertThat(printed.toString().lines())
        .containsExactly(
            "int_1 accepted by ana: {\"email\":\"a@b.org\"}",
            "int_2 declined",
            "int_3 cancelled",
            "int_4 answered: main");
  }

  @Test
  void a_failed_run_shows_the_harness_diagnosis_on_its_line() {
    event(
        "run.failed",
        "{\"status\":\"failed\",\"outcome\":\"error\",\"error\":\"harness_reported_error\","
            + "\"exitCode\":1,\"diagnosis\":\"error: API Error: 500\\nstderr: boom\"}");

    assertThat(printed.toString().lines())
        .containsExactly(
            "run failed (error): harness_reported_error, exit code 1; error: API Error: 500"
                + " stderr: boom");
  }

  @Test
  void long_tool_output_is_cut_to_one_short_line() {
    event("tool.result", "{\"id\":\"c1\",\"output\":\"" + "x\\n".repeat(1000) + "\"}");

    String line = printed.toString().strip();
    assertThat(line).startsWith("tool result [c1] x x x").endsWith("…").doesNotContain("\n");
    assertThat(line.length()).isLessThan(300);
  }

  @Test
  void terminal_escape_sequences_from_the_agent_are_not_printed() {
    event("message.delta", "{\"text\":\"\\u001b[2Jcleared\\u001b]0;title\\u0007 \"}");
    event("message.completed", "{\"text\":\"done\\u009b1m\\r\"}");
    event("tool.call", "{\"id\":\"c\\u001b[1A\",\"name\":\"x\",\"input\":{}}");

    assertThat(printed.toString())
        .doesNotContain("\u001b")
        .doesNotContain("\u0007")
        .doesNotContain("\u009b")
        .doesNotContain("\r");
    assertThat(printed.toString().lines())
        .containsExactly("[2Jcleared]0;title ", "done1m", "tool call x [c[1A] {}");
  }

  @Test
  void an_unknown_event_type_still_prints_with_its_data() {
    event("run.something_new", "{\"a\":1}");

    assertThat(printed.toString().strip()).isEqualTo("run.something_new {\"a\":1}");
  }
}

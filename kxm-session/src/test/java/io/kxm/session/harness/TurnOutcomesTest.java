package io.kxm.session.harness;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.HarnessOutput;
import io.kxm.session.api.TurnOutcome;
import org.junit.jupiter.api.Test;

class TurnOutcomesTest {
  private final TurnOutcomes outcomes = new TurnOutcomes();

  @Test
  void a_final_message_and_exit_zero_is_success_with_the_last_message() {
    outcomes.observe(new HarnessOutput.Delta("streamed"));
    outcomes.observe(new HarnessOutput.Final("first"));
    outcomes.observe(new HarnessOutput.Final("last"));

    assertThat(outcomes.outcome(0, false))
        .isEqualTo(new TurnOutcome(TurnOutcome.SUCCESS, 0, "last", null));
  }

  @Test
  void streamed_text_without_a_final_message_is_recovered_as_the_message() {
    outcomes.observe(new HarnessOutput.Delta("a"));
    outcomes.observe(new HarnessOutput.ProtocolError("bad", "x"));
    outcomes.observe(new HarnessOutput.Delta("b"));

    assertThat(outcomes.outcome(0, false))
        .isEqualTo(new TurnOutcome(TurnOutcome.RECOVERED, 0, "ab", null));
  }

  @Test
  void tool_calls_or_usage_without_text_are_recovered_with_an_empty_message() {
    outcomes.observe(new HarnessOutput.Usage(Json.read("{\"inputTokens\":1,\"outputTokens\":0}")));

    assertThat(outcomes.outcome(0, false))
        .isEqualTo(new TurnOutcome(TurnOutcome.RECOVERED, 0, "", null));
  }

  @Test
  void nothing_but_protocol_errors_and_empty_deltas_is_a_silent_failure() {
    outcomes.observe(new HarnessOutput.ProtocolError("bad", "x"));
    outcomes.observe(new HarnessOutput.Delta(""));

    assertThat(outcomes.outcome(0, false))
        .isEqualTo(
            new TurnOutcome(TurnOutcome.SILENT_FAILURE, 0, null, TurnOutcomes.SILENT_FAILURE));
  }

  @Test
  void a_reported_error_wins_over_the_exit_code_and_a_final_message() {
    outcomes.observe(new HarnessOutput.Final("done"));
    outcomes.observeError("first");
    outcomes.observeError("second");

    assertThat(outcomes.outcome(2, false))
        .isEqualTo(
            new TurnOutcome(TurnOutcome.ERROR, 2, null, TurnOutcomes.HARNESS_REPORTED_ERROR));
    assertThat(outcomes.reportedError()).isEqualTo("first");
  }

  @Test
  void a_non_zero_exit_is_an_error_with_its_code() {
    outcomes.observe(new HarnessOutput.Final("done"));

    assertThat(outcomes.outcome(137, false))
        .isEqualTo(
            new TurnOutcome(TurnOutcome.ERROR, 137, null, TurnOutcomes.HARNESS_EXIT_NONZERO));
  }

  @Test
  void a_cancelled_turn_is_an_error_with_exit_code_minus_one_whatever_it_wrote() {
    outcomes.observe(new HarnessOutput.Final("done"));

    assertThat(outcomes.outcome(0, true))
        .isEqualTo(new TurnOutcome(TurnOutcome.ERROR, -1, null, TurnOutcomes.CANCELLED));
  }

  @Test
  void recovered_text_stops_growing_at_its_limit() {
    String chunk = "x".repeat(64 * 1024);
    for (int i = 0; i < 20; i++) {
      outcomes.observe(new HarnessOutput.Delta(chunk));
    }

    assertThat(outcomes.outcome(0, false).finalMessage()).hasSize(TurnOutcomes.MAX_RECOVERED_CHARS);
  }
}

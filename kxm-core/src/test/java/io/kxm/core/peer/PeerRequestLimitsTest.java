package io.kxm.core.peer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.messaging.Delivery;
import java.util.List;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class PeerRequestLimitsTest {

  static Stream<Arguments> refusals() {
    String target81 = "a".repeat(81);
    String content32001 = "x".repeat(32_001);
    String key129 = "k".repeat(129);
    return Stream.of(
        refusal("target", ErrorCode.VALUE_TOO_LONG, "80", () -> SendRequest.of(target81, "hi")),
        refusal(
            "content",
            ErrorCode.VALUE_TOO_LONG,
            "is 32,001 characters, limit 32,000",
            () -> SendRequest.of("bob", content32001)),
        refusal("target", ErrorCode.INVALID_REQUEST, "required", () -> SendRequest.of(" ", "hi")),
        refusal(
            "content", ErrorCode.INVALID_REQUEST, "required", () -> SendRequest.of("bob", null)),
        refusal("correlationId", ErrorCode.VALUE_TOO_LONG, "128", () -> send(key129, null, null)),
        refusal("idempotencyKey", ErrorCode.VALUE_TOO_LONG, "128", () -> send(null, key129, null)),
        refusal("ttlMs", ErrorCode.VALUE_OUT_OF_RANGE, "1000", () -> send(null, null, 999L)),
        refusal(
            "ttlMs",
            ErrorCode.VALUE_OUT_OF_RANGE,
            "604800000",
            () -> send(null, null, 604_800_001L)),
        refusal(
            "attempt",
            ErrorCode.VALUE_OUT_OF_RANGE,
            "20",
            () -> new WorkflowContext("r", "s", "k", 21)),
        refusal(
            "attempt",
            ErrorCode.VALUE_OUT_OF_RANGE,
            "1",
            () -> new WorkflowContext("r", "s", "k", 0)),
        refusal("timeoutMs", ErrorCode.VALUE_OUT_OF_RANGE, "100", () -> new AwaitRequest("m", 99L)),
        refusal(
            "timeoutMs",
            ErrorCode.VALUE_OUT_OF_RANGE,
            "1800000",
            () -> fanout(List.of("a"), 1_800_001L)),
        refusal("timeoutMs", ErrorCode.VALUE_OUT_OF_RANGE, "100", () -> fanout(List.of("a"), 99L)),
        refusal(
            "targets",
            ErrorCode.VALUE_OUT_OF_RANGE,
            "3",
            () -> fanout(List.of("a", "b", "c", "d"), null)),
        refusal(
            "targets", ErrorCode.INVALID_REQUEST, "at least one", () -> fanout(List.of(), null)),
        refusal(
            "targets[1]",
            ErrorCode.VALUE_TOO_LONG,
            "80",
            () -> fanout(List.of("a", target81), null)),
        refusal(
            "content",
            ErrorCode.VALUE_TOO_LONG,
            "is 32,001 characters, limit 32,000",
            () -> new ReplyRequest("m", content32001)),
        refusal(
            "messageId",
            ErrorCode.INVALID_REQUEST,
            "required",
            () -> new ReplyRequest(null, "ok")));
  }

  @ParameterizedTest(name = "{0} refused with {1}")
  @MethodSource("refusals")
  void a_request_past_a_limit_is_refused_naming_the_field_and_the_limit(
      String field, ErrorCode code, String limit, Supplier<Object> build) {
    assertThatThrownBy(build::get)
        .isInstanceOfSatisfying(KxmException.class, e -> assertThat(e.code()).isEqualTo(code))
        .hasMessageContaining(field)
        .hasMessageContaining(limit);
  }

  @Test
  void limits_count_characters_not_utf16_units() {
    String eightyEmoji = "\uD83D\uDE00".repeat(80);
    assertThat(SendRequest.of(eightyEmoji, "hi").target()).isEqualTo(eightyEmoji);
  }

  @Test
  void fanout_targets_that_differ_only_in_case_are_merged_keeping_the_first_spelling() {
    FanoutRequest request = fanout(List.of("Bob", "alice", "BOB", " bob ", "Carol"), null);
    assertThat(request.targets()).containsExactly("Bob", "alice", "Carol");
  }

  @Test
  void four_spellings_of_three_peers_are_within_the_fanout_limit() {
    assertThat(fanout(List.of("a", "b", "c", "A"), null).targets()).hasSize(3);
  }

  @Test
  void an_await_longer_than_a_minute_is_shortened_not_refused() {
    assertThat(new AwaitRequest("m", 3_600_000L).timeoutMs()).isEqualTo(60_000L);
    assertThat(new AwaitRequest("m", null).timeoutMs()).isEqualTo(60_000L);
  }

  @Test
  void defaults_fill_delivery_and_fanout_timeout() {
    assertThat(SendRequest.of("bob", "hi").delivery()).isEqualTo(Delivery.FOLLOW_UP);
    assertThat(fanout(List.of("bob"), null).timeoutMs()).isEqualTo(1_800_000L);
  }

  @Test
  void a_workflow_context_sets_the_correlation_id_to_the_run() {
    WorkflowContext context = new WorkflowContext("run_1", "review", "second-opinion", 1);
    SendRequest request = new SendRequest("bob", "hi", null, null, null, context, null, false);
    assertThat(request.correlationId()).isEqualTo("run_1");
  }

  @Test
  void a_correlation_id_other_than_the_run_is_refused_with_its_own_code() {
    WorkflowContext context = new WorkflowContext("run_1", "review", "second-opinion", 1);
    assertThatThrownBy(
            () -> new SendRequest("bob", "hi", null, "other", null, context, null, false))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.WORKFLOW_CONTEXT_CORRELATION_MISMATCH))
        .hasMessageContaining("run_1");
  }

  @Test
  void an_unknown_delivery_mode_is_refused_listing_the_known_ones() {
    assertThatThrownBy(() -> Delivery.fromWire("now"))
        .isInstanceOf(KxmException.class)
        .hasMessageContaining("followUp, steer or nextTurn");
  }

  private static Arguments refusal(
      String field, ErrorCode code, String limit, Supplier<Object> build) {
    return Arguments.of(field, code, limit, build);
  }

  private static SendRequest send(String correlationId, String idempotencyKey, Long ttlMs) {
    return new SendRequest("bob", "hi", null, correlationId, idempotencyKey, null, ttlMs, false);
  }

  private static FanoutRequest fanout(List<String> targets, Long timeoutMs) {
    return new FanoutRequest(targets, "hi", null, null, null, null, timeoutMs);
  }
}

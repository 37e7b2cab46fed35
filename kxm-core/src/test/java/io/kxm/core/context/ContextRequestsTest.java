package io.kxm.core.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ContextRequestsTest {

  private static String item(String extra) {
    return "{\"project\":\"alpha\",\"kind\":\"evidence\",\"summary\":\"build is green\","
        + "\"origin\":\"tool\",\"authority\":\"evidence\",\"confidence\":\"verified\","
        + "\"createdBy\":\"ops\""
        + extra
        + "}";
  }

  private static ErrorCode refusal(Runnable read) {
    try {
      read.run();
    } catch (KxmException e) {
      return e.code();
    }
    throw new AssertionError("was accepted");
  }

  @ParameterizedTest
  @ValueSource(strings = {"permissions", "tools", "token", "api_key", "Secret", "allow", "deny"})
  void an_item_with_a_control_plane_field_is_refused(String field) {
    assertThatThrownBy(() ->
            ContextRequests.NewItem.read(Json.read(item(",\"" + field + "\":[\"kxm_send\"]"))))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
              assertThat(e.getMessage()).contains("control-plane").contains(field);
            });
  }

  @Test
  void a_proposal_with_a_control_plane_field_is_refused_too() {
    String body =
        "{\"key\":\"k\",\"summary\":\"s\",\"authority\":\"evidence\",\"confidence\":\"probable\","
            + "\"evidenceRefs\":[\"jrn_1\"],\"tools\":[\"*\"]}";
    assertThat(refusal(() -> ContextRequests.Proposal.read(Json.read(body))))
        .isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
  }

  @Test
  void summaries_are_redacted_on_the_way_in() {
    ContextRequests.NewItem read =
        ContextRequests.NewItem.read(
            Json.read(
                item("").replace("build is green", "deploy with api_key=abcd1234secretvalue ok")));
    assertThat(read.summary()).doesNotContain("abcd1234secretvalue").contains("[REDACTED]");
  }

  @Test
  void a_state_item_needs_a_key_and_other_kinds_take_none() {
    assertThat(
            refusal(() ->
                ContextRequests.NewItem.read(
                    Json.read(item("").replace("\"evidence\",\"summary", "\"state\",\"summary")))))
        .isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
    assertThat(refusal(() -> ContextRequests.NewItem.read(Json.read(item(",\"key\":\"k\"")))))
        .isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
  }

  @Test
  void unknown_enum_values_are_refused_with_the_item_code_and_unknown_fields_as_unknown() {
    assertThat(
            refusal(() ->
                ContextRequests.NewItem.read(
                    Json.read(item("").replace("\"tool\"", "\"oracle\"")))))
        .isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
    assertThat(refusal(() -> ContextRequests.NewItem.read(Json.read(item(",\"colour\":1")))))
        .isEqualTo(ErrorCode.UNKNOWN_FIELD);
  }

  @Test
  void packet_budgets_default_by_role_and_stay_in_range() {
    assertThat(packet("repro", null).budgetTokens()).isEqualTo(8_000);
    assertThat(packet("verifier", null).budgetTokens()).isEqualTo(8_000);
    assertThat(packet("critic", null).budgetTokens()).isEqualTo(12_000);
    assertThat(packet("planner", null).budgetTokens()).isEqualTo(16_000);
    assertThat(packet("implementer", null).budgetTokens()).isEqualTo(16_000);
    assertThat(packet("archivist", null).budgetTokens()).isEqualTo(32_000);
    assertThat(packet("critic", 512).budgetTokens()).isEqualTo(512);
    assertThat(refusal(() -> packet("critic", 511))).isEqualTo(ErrorCode.INVALID_REQUEST);
    assertThat(refusal(() -> packet("critic", 200_001))).isEqualTo(ErrorCode.INVALID_REQUEST);
  }

  @Test
  void limits_of_the_reference_are_enforced() {
    String longTask = "x".repeat(ContextLimits.TASK_MAX + 1);
    assertThat(
            refusal(() ->
                ContextRequests.Packet.read(
                    Json.read("{\"role\":\"critic\",\"task\":\"" + longTask + "\"}"))))
        .isEqualTo(ErrorCode.VALUE_TOO_LONG);
    assertThat(refusal(() -> ContextRequests.Recall.read(Json.read("{\"limit\":101}"))))
        .isEqualTo(ErrorCode.INVALID_REQUEST);
    assertThat(ContextRequests.Recall.read(Json.read("{}")).limit()).isEqualTo(25);
    assertThat(ContextRequests.Recall.read(Json.read("{\"query\":\"  \"}")).query()).isEmpty();
    String refs = "[" + "\"r\",".repeat(32) + "\"r\"]";
    assertThat(
            refusal(() ->
                ContextRequests.Proposal.read(
                    Json.read(
                        "{\"key\":\"k\",\"summary\":\"s\",\"authority\":\"evidence\","
                            + "\"confidence\":\"probable\",\"evidenceRefs\":"
                            + refs
                            + "}"))))
        .isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID);
    assertThat(
            refusal(() -> ContextRequests.State.read(Json.read("{\"key\":\"k\",\"asOf\":\"x\"}"))))
        .isEqualTo(ErrorCode.INVALID_REQUEST);
  }

  private static ContextRequests.Packet packet(String role, Integer budget) {
    return ContextRequests.Packet.read(
        Json.read(
            "{\"role\":\""
                + role
                + "\",\"task\":\"fix it\""
                + (budget == null ? "" : ",\"budgetTokens\":" + budget)
                + "}"));
  }
}

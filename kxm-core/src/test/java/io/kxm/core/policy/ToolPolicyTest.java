package io.kxm.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolDefinition;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ToolPolicyTest {
  static final PolicySource SESSION =
      new PolicySource(PolicySource.Kind.SESSION_TOKEN, "KXM_SESSION_TOKEN");
  static final PolicySource ATTEMPT =
      new PolicySource(PolicySource.Kind.ATTEMPT_TOKEN, "KXM_ATTEMPT_TOKEN");

  static Stream<Arguments> table() {
    return Stream.of(
        row(List.of(), List.of(), null, "kxm_send", true),
        row(List.of(), List.of("send"), null, "kxm_send", false),
        row(List.of("*"), List.of("kxm_send"), null, "kxm_send", false),
        row(List.of("kxm_send"), List.of("kxm_*"), null, "kxm_send", false),
        row(List.of("kxm_get", "list"), List.of(), null, "kxm_list", true),
        row(List.of("kxm_get", "list"), List.of(), null, "kxm_send", false),
        row(List.of("workflow_*"), List.of(), null, "kxm_workflow_wait", true),
        row(List.of("kxm_workflow_*"), List.of(), null, "kxm_inbox", false),
        row(List.of(), List.of(), Preset.READ_ONLY, "kxm_get", true),
        row(List.of(), List.of(), Preset.READ_ONLY, "kxm_reply", false),
        row(List.of("kxm_reply"), List.of(), Preset.READ_ONLY, "kxm_reply", false),
        row(List.of(), List.of(), Preset.READ_ONLY, "kxm_promote", false),
        row(List.of(), List.of(), null, "kxm_promote", true));
  }

  @ParameterizedTest(name = "allow={0} deny={1} preset={2}: {3} allowed={4}")
  @MethodSource("table")
  void decides_each_call_by_deny_then_preset_then_allow(
      List<String> allow, List<String> deny, Preset preset, String tool, boolean allowed) {
    PolicyDecision decision = new ToolPolicy(allow, deny, preset).decide(tool, SESSION);
    assertThat(decision instanceof PolicyDecision.Allowed).isEqualTo(allowed);
  }

  @Test
  void the_read_only_preset_blocks_exactly_the_eight_tools_that_change_state() {
    List<String> blocked =
        Stream.of(
                "kxm_list",
                "kxm_send",
                "kxm_get",
                "kxm_fanout",
                "kxm_await",
                "kxm_cancel",
                "kxm_inbox",
                "kxm_reply",
                "kxm_workflow_list",
                "kxm_workflow_get",
                "kxm_workflow_checkpoint",
                "kxm_workflow_record",
                "kxm_workflow_wait",
                "kxm_improvement_report",
                "kxm_context",
                "kxm_recall",
                "kxm_state",
                "kxm_episode",
                "kxm_promote")
            .filter(tool ->
                !(ToolPolicy.readOnly().decide(tool, SESSION) instanceof PolicyDecision.Allowed))
            .toList();
    assertThat(blocked)
        .containsExactly(
            "kxm_send",
            "kxm_fanout",
            "kxm_cancel",
            "kxm_reply",
            "kxm_workflow_checkpoint",
            "kxm_workflow_record",
            "kxm_workflow_wait",
            "kxm_promote");
  }

  @Test
  void the_read_only_preset_blocks_exactly_the_catalog_tools_that_change_state() {
    for (ToolDefinition tool : ToolCatalog.standard().tools()) {
      assertThat(Preset.READ_ONLY.blocks(tool.name()))
          .as(tool.name())
          .isEqualTo(tool.changesState());
    }
  }

  @Test
  void a_denial_names_the_tool_the_rule_and_the_source() {
    PolicyDecision decision =
        new ToolPolicy(List.of(), List.of("kxm_s*"), null).decide("kxm_send", SESSION);
    assertThat(decision)
        .isInstanceOfSatisfying(
            PolicyDecision.Denied.class,
            denied -> {
              assertThat(denied.code()).isEqualTo(ErrorCode.TOOL_POLICY_DENIED);
              assertThat(denied.message())
                  .contains("kxm_send", "deny entry 'kxm_s*'", "KXM_SESSION_TOKEN");
              assertThat(denied.hint()).contains("Unset KXM_SESSION_TOKEN");
            });
  }

  @Test
  void under_an_attempt_token_promote_needs_an_allow_entry_that_names_it() {
    assertThat(ToolPolicy.ALLOW_ALL.decide("kxm_promote", ATTEMPT))
        .isInstanceOfSatisfying(
            PolicyDecision.Denied.class,
            denied -> assertThat(denied.code()).isEqualTo(ErrorCode.ATTEMPT_TOKEN_ADMIN_DENIED));
    assertThat(new ToolPolicy(List.of("*"), List.of(), null).decide("kxm_promote", ATTEMPT))
        .isInstanceOf(PolicyDecision.Denied.class);
    assertThat(
            new ToolPolicy(List.of("*", "promote"), List.of(), null).decide("kxm_promote", ATTEMPT))
        .isInstanceOf(PolicyDecision.Allowed.class);
    assertThat(ToolPolicy.ALLOW_ALL.decide("kxm_send", ATTEMPT))
        .isInstanceOf(PolicyDecision.Allowed.class);
  }

  private static Arguments row(
      List<String> allow, List<String> deny, Preset preset, String tool, boolean allowed) {
    return Arguments.of(allow, deny, preset, tool, allowed);
  }
}

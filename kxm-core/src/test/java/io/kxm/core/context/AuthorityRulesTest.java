package io.kxm.core.context;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class AuthorityRulesTest {

  @ParameterizedTest
  @CsvSource({
    "human, policy",
    "workflow, policy",
    "git, instruction",
    "peer, evidence",
    "tool, evidence",
    "external, evidence",
    "derived, evidence"
  })
  void each_origin_grants_up_to_its_ceiling_and_nothing_above(String origin, String ceiling) {
    ContextOrigin from = ContextOrigin.fromWire(origin);
    Authority top = Authority.fromWire(ceiling);
    assertThat(from.ceiling()).isEqualTo(top);
    for (Authority asked : Authority.values()) {
      if (asked.atMost(top)) {
        assertThatCode(() -> AuthorityRules.requireWithinCeiling(from, asked))
            .as(origin + " " + asked)
            .doesNotThrowAnyException();
      } else {
        assertThatThrownBy(() -> AuthorityRules.requireWithinCeiling(from, asked))
            .as(origin + " " + asked)
            .isInstanceOfSatisfying(
                KxmException.class,
                e -> {
                  assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_AUTHORITY_EXCEEDED);
                  assertThat(e.getMessage()).contains(origin).contains(ceiling);
                });
      }
    }
  }

  @Test
  void authority_levels_order_policy_over_instruction_over_evidence_over_hypothesis() {
    assertThat(Authority.HYPOTHESIS.atMost(Authority.EVIDENCE)).isTrue();
    assertThat(Authority.EVIDENCE.atMost(Authority.INSTRUCTION)).isTrue();
    assertThat(Authority.INSTRUCTION.atMost(Authority.POLICY)).isTrue();
    assertThat(Authority.POLICY.atMost(Authority.INSTRUCTION)).isFalse();
    assertThat(Authority.weaker(Authority.POLICY, Authority.HYPOTHESIS))
        .isEqualTo(Authority.HYPOTHESIS);
  }

  @Test
  void an_item_derived_from_others_is_at_most_as_binding_as_the_weakest_source() {
    // A human may set policy, but text a human derives from a hypothesis is still a hypothesis.
    assertThatThrownBy(() ->
            AuthorityRules.require(
                ContextOrigin.HUMAN,
                Authority.EVIDENCE,
                List.of(Authority.POLICY, Authority.HYPOTHESIS)))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> {
              assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_AUTHORITY_EXCEEDED);
              assertThat(e.getMessage()).contains("hypothesis");
            });
    assertThatCode(() ->
            AuthorityRules.require(
                ContextOrigin.HUMAN,
                Authority.HYPOTHESIS,
                List.of(Authority.POLICY, Authority.HYPOTHESIS)))
        .doesNotThrowAnyException();
  }

  @Test
  void a_derived_item_never_rises_above_evidence_even_from_policy_sources() {
    assertThatThrownBy(() ->
            AuthorityRules.require(
                ContextOrigin.DERIVED, Authority.POLICY, List.of(Authority.POLICY)))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_AUTHORITY_EXCEEDED));
    assertThatCode(() ->
            AuthorityRules.require(
                ContextOrigin.DERIVED, Authority.EVIDENCE, List.of(Authority.POLICY)))
        .doesNotThrowAnyException();
  }

  @Test
  void a_derived_item_must_name_its_sources() {
    assertThatThrownBy(
            () -> AuthorityRules.require(ContextOrigin.DERIVED, Authority.HYPOTHESIS, List.of()))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.CONTEXT_ITEM_INVALID));
  }

  @ParameterizedTest
  @EnumSource(ContextOrigin.class)
  void a_stored_item_cannot_be_built_above_its_origin_s_ceiling(ContextOrigin origin) {
    for (Authority asked : Authority.values()) {
      boolean allowed = asked.atMost(origin.ceiling());
      var build = assertThatCode(() -> Items.item("ctx_1", origin, asked));
      if (allowed) {
        build.doesNotThrowAnyException();
      } else {
        build.isInstanceOf(KxmException.class);
      }
    }
  }
}

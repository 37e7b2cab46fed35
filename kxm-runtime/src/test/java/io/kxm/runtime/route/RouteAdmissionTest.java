package io.kxm.runtime.route;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RouteAdmissionTest {
  private static final Route SONNET =
      new Route(RouteHarness.CLAUDE_CODE, "anthropic/claude-sonnet-4-5");
  private static final Route GPT = new Route(RouteHarness.CODEX, "openai/gpt-5");
  private static final Route QWEN = new Route(RouteHarness.PI, "ollama/qwen3");

  // every harness and model a table that admits nothing in particular would let through
  private final RouteAdmission open = new RouteAdmission(RouteTable.undeclared());

  @ParameterizedTest(name = "{0} + {1} -> {2}")
  @CsvSource({
    "claude-code, anthropic/claude-sonnet-4-5, admitted",
    "claude-code, openai/gpt-5, route_vendor_mismatch",
    "claude-code, ollama/qwen3, route_vendor_mismatch",
    "claude-code, openrouter/anthropic/claude-sonnet-4-5, route_vendor_mismatch",
    "codex, openai/gpt-5, admitted",
    "codex, anthropic/claude-sonnet-4-5, route_vendor_mismatch",
    "codex, ollama/qwen3, route_vendor_mismatch",
    "builtin, anthropic/claude-sonnet-4-5, admitted",
    "builtin, openai/gpt-5, admitted",
    "builtin, ollama/qwen3, admitted",
    "builtin, openrouter/openai/gpt-5, route_vendor_mismatch",
    "pi, ollama/qwen3, admitted",
    "pi, openrouter/meta-llama/llama-4, admitted",
    "pi, anthropic/claude-sonnet-4-5, route_vendor_mismatch",
    "pi, openai/gpt-5, route_vendor_mismatch",
    "pi, openrouter/anthropic/claude-sonnet-4-5, route_vendor_mismatch",
    "pi, bedrock/claude-opus-4, route_vendor_mismatch",
    "pi, azure/gpt-4.1, route_vendor_mismatch",
    "command, google/gemini-2.5-pro, admitted",
    "command, openai/o3, route_vendor_mismatch",
    "pi, ollama/gpt-oss:20b, admitted",
    "pi, openai/gpt-oss-120b, route_vendor_mismatch",
    "cursor, ollama/qwen3, route_not_admitted",
    "pi, qwen3, route_not_admitted",
  })
  void the_vendor_rule_decides_which_harness_may_run_which_model(
      String harness, String model, String expected) {
    if (expected.equals("admitted")) {
      Route route = open.admit(harness, model);
      assertThat(route.harness().wireName()).isEqualTo(harness);
      assertThat(route.model()).isEqualTo(model);
    } else {
      assertThatThrownBy(() -> open.admit(harness, model))
          .isInstanceOfSatisfying(
              KxmException.class,
              e -> {
                assertThat(e.code().code()).isEqualTo(expected);
                assertThat(e.getMessage()).containsAnyOf(harness, model);
              });
    }
  }

  @Test
  void only_listed_routes_are_admitted_and_a_refusal_never_falls_back_to_the_default() {
    RouteAdmission admission = new RouteAdmission(RouteTable.of(List.of(SONNET, QWEN), QWEN));

    assertThat(admission.admit("claude-code", "anthropic/claude-sonnet-4-5")).isEqualTo(SONNET);
    assertThat(admission.admit(null, null)).isEqualTo(QWEN);
    assertThatThrownBy(() -> admission.admit("codex", "openai/gpt-5"))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_NOT_ADMITTED))
        .hasMessage("route codex + openai/gpt-5 is not admitted by .kxm/routes.yaml");
    assertThatThrownBy(() -> admission.admit("pi", "anthropic/claude-sonnet-4-5"))
        .isInstanceOfSatisfying(
            KxmException.class,
            e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_VENDOR_MISMATCH));
  }

  @Test
  void half_a_route_or_no_route_without_a_default_is_refused() {
    RouteAdmission noDefault = new RouteAdmission(RouteTable.of(List.of(GPT), null));

    assertThatThrownBy(() -> noDefault.admit(null, null))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_NOT_ADMITTED))
        .hasMessageContaining("sets no default");
    assertThatThrownBy(() -> noDefault.admit("codex", null))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.ROUTE_NOT_ADMITTED))
        .hasMessageContaining("name both");
    assertThat(noDefault.admit("codex", "openai/gpt-5")).isEqualTo(GPT);
  }

  @Test
  void a_refused_name_is_echoed_cut_short() {
    String longName = "x".repeat(5_000);

    assertThatThrownBy(() -> open.admit(longName, "ollama/qwen3"))
        .hasMessageNotContaining(longName)
        .hasMessageContaining("x".repeat(120) + "…");
  }

  @Test
  void a_table_cannot_default_to_a_route_it_does_not_list() {
    assertThatThrownBy(() -> RouteTable.of(List.of(GPT), SONNET))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("not listed");
  }
}

package io.kxm.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.policy.ActivePolicy;
import io.kxm.core.policy.PolicySource;
import io.kxm.core.tool.Schemas;
import io.kxm.core.tool.ToolCatalog;
import io.kxm.core.tool.ToolContext;
import io.kxm.core.tool.ToolDefinition;
import io.kxm.core.tool.ToolGroup;
import io.kxm.core.tool.ToolHandler;
import io.modelcontextprotocol.spec.McpSchema;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ToolSpecificationsTest {
  private final ContextResolver contexts =
      exchange -> ToolContext.of(new InMemoryHub().as("alice"));

  private static ToolDefinition tool(ToolHandler handler) {
    return new ToolDefinition(
        "kxm_probe",
        ToolGroup.PEERS,
        false,
        "A tool that exists only in this test.",
        Schemas.object().build(),
        handler);
  }

  private CallToolResult call(ToolDefinition tool, ActivePolicy policy) {
    return ToolSpecifications.call(tool, policy, () -> contexts.resolve(null), Map.of());
  }

  private static String text(CallToolResult result) {
    return ((McpSchema.TextContent) result.content().getFirst()).text();
  }

  @Test
  void a_refusal_is_an_error_result_with_the_code_the_message_and_the_hint() {
    CallToolResult result =
        call(
            tool((args, ctx) -> {
              throw new KxmException(ErrorCode.SELF_TARGET, "alice cannot send to itself");
            }),
            ActivePolicy.OPEN);
    assertThat(result.isError()).isTrue();
    assertThat(text(result))
        .isEqualTo("self_target: alice cannot send to itself\n" + ErrorCode.SELF_TARGET.hint());
  }

  @Test
  void an_unexpected_exception_is_an_internal_error_result_without_its_details() {
    CallToolResult result =
        call(
            tool((args, ctx) -> {
              throw new IllegalStateException("secret detail");
            }),
            ActivePolicy.OPEN);
    assertThat(result.isError()).isTrue();
    assertThat(text(result))
        .startsWith("internal: kxm_probe failed unexpectedly")
        .doesNotContain("secret detail");
  }

  @Test
  void a_blocked_policy_stops_the_call_before_the_handler_runs() {
    boolean[] ran = {false};
    ActivePolicy blocked =
        new ActivePolicy.Blocked(
            new PolicySource(PolicySource.Kind.SESSION_TOKEN_FILE, "/x/session.token"),
            "it expired");
    CallToolResult result =
        call(
            tool((args, ctx) -> {
              ran[0] = true;
              return null;
            }),
            blocked);
    assertThat(ran[0]).isFalse();
    assertThat(text(result))
        .startsWith("tool_policy_denied: kxm_probe is blocked")
        .contains("it expired", "Remove /x/session.token");
  }

  @Test
  void read_only_tools_are_annotated_so_and_others_are_not() {
    ToolCatalog catalog = ToolCatalog.standard();
    assertThat(
            ToolSpecifications.describe(catalog.find("kxm_get").orElseThrow())
                .annotations()
                .readOnlyHint())
        .isTrue();
    assertThat(ToolSpecifications.describe(catalog.find("kxm_send").orElseThrow()).annotations())
        .isNull();
  }
}

package io.kxm.core.tool;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.kxm.core.context.TokenEstimate;
import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.core.json.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

class ToolCatalogTest {
  /**
   * The serialized tool list goes to the model on every session: about 2,000 tokens for the eight
   * peer, six workflow, five context and two reservation tools (2,180 by the four-characters
   * estimate, which overcounts JSON a little). Raise it deliberately, not by drift.
   */
  static final int TOOL_LIST_BUDGET_TOKENS = 2_200;

  private final ToolCatalog catalog = ToolCatalog.standard();

  @Test
  void the_catalog_holds_the_peer_workflow_context_then_reservation_tools_in_order() {
    assertThat(catalog.names())
        .containsExactly(
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
            "kxm_promote",
            "kxm_reserve",
            "kxm_release");
    assertThat(catalog.tools().subList(0, 8)).allMatch(tool -> tool.group() == ToolGroup.PEERS);
    assertThat(catalog.tools().subList(8, 14))
        .allMatch(tool -> tool.group() == ToolGroup.WORKFLOWS);
    assertThat(catalog.tools().subList(14, 19)).allMatch(tool -> tool.group() == ToolGroup.CONTEXT);
    assertThat(catalog.tools().subList(19, 21))
        .allMatch(tool -> tool.group() == ToolGroup.RESERVATIONS);
  }

  @Test
  void exactly_the_tools_that_send_answer_cancel_move_a_run_or_reserve_change_state() {
    assertThat(catalog.tools().stream().filter(ToolDefinition::changesState))
        .extracting(ToolDefinition::name)
        .containsExactly(
            "kxm_send",
            "kxm_fanout",
            "kxm_cancel",
            "kxm_reply",
            "kxm_workflow_checkpoint",
            "kxm_workflow_record",
            "kxm_workflow_wait",
            "kxm_promote",
            "kxm_reserve",
            "kxm_release");
  }

  @Test
  void every_input_schema_is_valid_draft_2020_12_json_schema() {
    SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
    Schema meta =
        registry.getSchema(SchemaLocation.of("https://json-schema.org/draft/2020-12/schema"));
    for (ToolDefinition tool : catalog.tools()) {
      List<Error> errors = meta.validate(tool.inputSchema());
      assertThat(errors).as(tool.name()).isEmpty();
    }
  }

  @Test
  void every_object_in_every_schema_is_closed() {
    for (ToolDefinition tool : catalog.tools()) {
      assertClosed(tool.name(), tool.inputSchema());
    }
  }

  @Test
  void descriptions_are_one_short_sentence() {
    for (ToolDefinition tool : catalog.tools()) {
      assertThat(tool.description())
          .as(tool.name())
          .hasSizeBetween(20, ToolDefinition.DESCRIPTION_MAX);
      assertThat(tool.description()).as(tool.name()).doesNotContain("\n");
    }
  }

  @Test
  void schemas_carry_the_limits_of_the_reference() {
    JsonNode send = catalog.find("kxm_send").orElseThrow().inputSchema().path("properties");
    assertThat(send.path("target").path("maxLength").asInt()).isEqualTo(80);
    assertThat(send.path("content").path("maxLength").asInt()).isEqualTo(32_000);
    assertThat(send.path("ttlMs").path("maximum").asLong()).isEqualTo(604_800_000L);
    assertThat(
            send.path("workflowContext").path("properties").path("attempt").path("maximum").asInt())
        .isEqualTo(20);
    JsonNode fanout = catalog.find("kxm_fanout").orElseThrow().inputSchema().path("properties");
    assertThat(fanout.path("targets").path("maxItems").asInt()).isEqualTo(3);
    assertThat(fanout.path("timeoutMs").path("maximum").asLong()).isEqualTo(1_800_000L);
  }

  @Test
  void the_serialized_tool_list_stays_within_its_token_budget() {
    ArrayNode list = Json.MAPPER.createArrayNode();
    for (ToolDefinition tool : catalog.tools()) {
      list.addObject()
          .put("name", tool.name())
          .put("description", tool.description())
          .set("inputSchema", tool.inputSchema());
    }
    String serialized = Json.write(list);
    int tokens = TokenEstimate.of(serialized);
    System.out.println(
        "tool list: "
            + catalog.tools().size()
            + " tools, "
            + serialized.getBytes(StandardCharsets.UTF_8).length
            + " bytes, about "
            + tokens
            + " tokens");
    assertThat(tokens).isLessThanOrEqualTo(TOOL_LIST_BUDGET_TOKENS);
  }

  @Test
  void an_id_longer_than_the_implied_limit_is_refused_though_the_schema_leaves_it_unstated() {
    ToolDefinition get = catalog.find("kxm_get").orElseThrow();
    assertThat(get.inputSchema().path("properties").path("messageId").has("maxLength")).isFalse();
    ObjectNode args = Json.object().put("messageId", "m".repeat(Schemas.IMPLIED_MAX_LENGTH + 1));

    assertThatThrownBy(() -> get.call(args, () -> null))
        .isInstanceOfSatisfying(
            KxmException.class, e -> assertThat(e.code()).isEqualTo(ErrorCode.VALUE_TOO_LONG));
  }

  @Test
  void a_schema_handed_out_cannot_change_the_catalog() {
    ToolDefinition send = catalog.find("kxm_send").orElseThrow();
    send.inputSchema().put("additionalProperties", true);
    assertThat(send.inputSchema().path("additionalProperties").asBoolean()).isFalse();
  }

  private static void assertClosed(String where, JsonNode schema) {
    if ("object".equals(schema.path("type").asString(""))) {
      JsonNode extra = schema.path("additionalProperties");
      if (extra.isObject()) {
        // A map keyed by the caller (evidence by requirement): its values must be closed.
        assertThat(schema.path("maxProperties").isNumber()).as(where).isTrue();
        assertClosed(where + "{}", extra);
        return;
      }
      assertThat(extra.isBoolean()).as(where).isTrue();
      assertThat(extra.asBoolean()).as(where).isFalse();
      for (String name : schema.path("properties").propertyNames()) {
        assertClosed(where + "." + name, schema.path("properties").path(name));
      }
    }
    if (schema.has("items")) {
      assertClosed(where + "[]", schema.path("items"));
    }
  }
}

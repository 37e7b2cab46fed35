package io.kxm.core.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.core.search.RetrievalMode;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class PacketBuilderTest {

  private static ContextRequests.Packet request(
      String role, int budget, EnumSet<ContextKind> kinds) {
    return new ContextRequests.Packet(
        null, role, "fix the flaky login test", null, null, budget, kinds);
  }

  private static ContextPacket build(ContextRequests.Packet request, List<ContextItem> items) {
    return PacketBuilder.build(
        request, items, LexicalRanker.rank(request.task(), items), RetrievalMode.FTS);
  }

  @Test
  void relevant_items_come_first_and_the_audit_says_why() {
    List<ContextItem> items =
        List.of(
            Items.item(
                "ctx_a",
                ContextKind.EVIDENCE,
                "the release notes",
                ContextOrigin.TOOL,
                Authority.EVIDENCE),
            Items.item(
                "ctx_b",
                ContextKind.EVIDENCE,
                "login test is flaky on CI",
                ContextOrigin.TOOL,
                Authority.EVIDENCE));

    ContextPacket built = build(request("repro", 8_000, EnumSet.allOf(ContextKind.class)), items);

    assertThat(built.packet().path("items").get(0).path("id").asString()).isEqualTo("ctx_b");
    JsonNode audit = built.audit();
    assertThat(audit.path("request").path("task").asString()).isEqualTo("fix the flaky login test");
    assertThat(audit.path("selected").get(0).path("reason").asString())
        .contains("matches the task");
    assertThat(audit.path("selected").get(0).path("relevance").asDouble()).isGreaterThan(0);
    assertThat(audit.path("provenance").path("tool").asInt()).isEqualTo(2);
    assertThat(audit.path("retrieval").asString()).isEqualTo("fts");
    assertThat(audit.path("tokenEstimate").asInt())
        .isEqualTo(TokenEstimate.of(Json.write(built.packet())));
  }

  @Test
  void kinds_outside_include_kinds_are_left_out_and_counted() {
    List<ContextItem> items =
        List.of(
            Items.item(
                "ctx_a",
                ContextKind.SKILL,
                "login helper",
                ContextOrigin.GIT,
                Authority.INSTRUCTION),
            Items.item(
                "ctx_b",
                ContextKind.EVIDENCE,
                "login flaky",
                ContextOrigin.TOOL,
                Authority.EVIDENCE));

    ContextPacket built = build(request("critic", 8_000, EnumSet.of(ContextKind.EVIDENCE)), items);

    assertThat(built.packet().path("items").findValuesAsString("id")).containsExactly("ctx_b");
    assertThat(built.audit().path("skipped").path("excludedKinds").asInt()).isEqualTo(1);
  }

  @Test
  void the_role_s_preferred_kind_wins_between_equally_relevant_items() {
    List<ContextItem> items =
        List.of(
            Items.item(
                "ctx_a", ContextKind.EVIDENCE, "login", ContextOrigin.TOOL, Authority.EVIDENCE),
            Items.item(
                "ctx_b", ContextKind.SKILL, "login", ContextOrigin.TOOL, Authority.EVIDENCE));

    assertThat(
            build(request("implementer", 8_000, EnumSet.allOf(ContextKind.class)), items)
                .packet()
                .path("items")
                .get(0)
                .path("id")
                .asString())
        .isEqualTo("ctx_b");
    assertThat(
            build(request("repro", 8_000, EnumSet.allOf(ContextKind.class)), items)
                .packet()
                .path("items")
                .get(0)
                .path("id")
                .asString())
        .isEqualTo("ctx_a");
  }

  @Test
  void items_that_do_not_fit_are_skipped_and_counted() {
    List<ContextItem> items = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      items.add(
          Items.item(
              "ctx_" + i,
              ContextKind.EVIDENCE,
              "login ".repeat(200),
              ContextOrigin.TOOL,
              Authority.EVIDENCE));
    }

    ContextPacket built = build(request("repro", 1_000, EnumSet.allOf(ContextKind.class)), items);

    assertThat(built.tokenEstimate()).isLessThanOrEqualTo(1_000);
    assertThat(built.packet().path("items").size()).isBetween(1, 9);
    assertThat(built.audit().path("skipped").path("overBudget").asInt())
        .isEqualTo(10 - built.packet().path("items").size());
  }
}

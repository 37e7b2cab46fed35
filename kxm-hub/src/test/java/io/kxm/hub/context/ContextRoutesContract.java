package io.kxm.hub.context;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.hub.support.Workflows;
import io.kxm.store.StoreConfig;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** The context routes of a real hub, agents and operators, on one store backend per subclass. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ContextRoutesContract {
  @TempDir static Path dir;
  ContextHub hub;
  AgentClient lead;
  AgentClient outsider;

  /** The store this backend runs on. */
  protected abstract StoreConfig config(Path dir);

  protected void cleanUp() throws Exception {}

  @BeforeAll
  void start() {
    hub = new ContextHub(dir, config(dir));
    lead = hub.agent("alpha", "lead");
    outsider = hub.agent("beta", "mallory");
  }

  @AfterAll
  void stop() throws Exception {
    if (hub != null) {
      hub.close();
    }
    cleanUp();
  }

  private static void refused(Http.Response response, int status, String code) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.errorCode()).as(response.body()).isEqualTo(code);
  }

  private static String item(String kind, String key, String summary, String origin, String auth) {
    return Json.write(
        key == null
            ? Map.of(
                "project",
                "alpha",
                "kind",
                kind,
                "summary",
                summary,
                "origin",
                origin,
                "authority",
                auth,
                "confidence",
                "verified",
                "sourceRefs",
                List.of("jrn_src"),
                "createdBy",
                "ops")
            : Map.of(
                "project", "alpha",
                "kind", kind,
                "key", key,
                "summary", summary,
                "origin", origin,
                "authority", auth,
                "confidence", "verified",
                "createdBy", "ops"));
  }

  private JsonNode state(String key, Instant asOf) {
    String body =
        asOf == null
            ? Json.write(Map.of("key", key))
            : Json.write(Map.of("key", key, "asOf", asOf.toString()));
    Http.Response response = lead.post("/context/state", body);
    assertThat(response.status()).as(response.body()).isEqualTo(200);
    return response.json().path("state");
  }

  private String propose(AgentClient agent, String key, String summary) {
    Http.Response response =
        agent.post(
            "/context/proposals",
            Json.write(
                Map.of(
                    "key",
                    key,
                    "summary",
                    summary,
                    "authority",
                    "evidence",
                    "confidence",
                    "probable",
                    "evidenceRefs",
                    List.of("jrn_1"))));
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    return response.json().path("proposalId").asString();
  }

  private Http.Response promote(String proposalId, String token, String operator) {
    return hub.post(
        "/v1/context/proposals/" + proposalId + "/promote",
        token,
        Json.write(Map.of("promotedBy", operator)));
  }

  @Test
  void recall_ranks_exact_phrase_first_and_answers_metadata_without_summaries() {
    String partial = hub.add(item("evidence", null, "cache of the login page", "tool", "evidence"));
    String exact = hub.add(item("evidence", null, "login cache warms slowly", "tool", "evidence"));

    Http.Response response =
        lead.post("/context/recall", Json.write(Map.of("query", "login cache quota", "limit", 5)));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode items = response.json().path("items");
    assertThat(items.findValuesAsString("id")).containsSubsequence(partial).contains(exact);
    assertThat(items.get(0).has("summary")).isFalse();
    assertThat(items.get(0).path("relevance").isNumber()).isTrue();
    assertThat(response.json().path("retrieval").asString()).isEqualTo("fts");
    assertThat(response.json().path("unresolvedGaps").findValuesAsString("")).isEmpty();
    assertThat(response.json().path("unresolvedGaps").toString()).contains("quota");

    JsonNode phrase =
        lead.post("/context/recall", Json.write(Map.of("query", "login cache"))).json();
    assertThat(phrase.path("items").get(0).path("id").asString()).isEqualTo(exact);
    assertThat(phrase.path("items").get(0).path("exactPhrase").asBoolean()).isTrue();
  }

  @Test
  void an_empty_recall_lists_items_by_id() {
    hub.add(item("knowledge", null, "listing one", "git", "instruction"));
    hub.add(item("knowledge", null, "listing two", "git", "instruction"));

    JsonNode answer = lead.post("/context/recall", "{\"kinds\":[\"knowledge\"]}").json();

    List<String> ids = answer.path("items").findValuesAsString("id");
    assertThat(ids).hasSizeGreaterThanOrEqualTo(2).isSorted();
    assertThat(answer.path("retrieval").asString()).isEqualTo("none");
  }

  @Test
  void a_packet_stays_within_its_budget_and_audits_its_choices() {
    for (int i = 0; i < 12; i++) {
      hub.add(
          item(
              "evidence",
              null,
              "flaky checkout test run " + i + " " + "x".repeat(600),
              "tool",
              "evidence"));
    }

    Http.Response response =
        lead.post(
            "/context/packet",
            Json.write(
                Map.of(
                    "role", "verifier",
                    "task", "verify the flaky checkout test",
                    "budgetTokens", 600,
                    "workflowRunId", "wfr_x")));

    assertThat(response.status()).as(response.body()).isEqualTo(200);
    JsonNode packet = response.json().path("packet");
    JsonNode audit = response.json().path("audit");
    assertThat((Json.write(packet).length() + 3) / 4).isLessThanOrEqualTo(600);
    assertThat(audit.path("tokenEstimate").asInt()).isLessThanOrEqualTo(600);
    assertThat(audit.path("skipped").path("overBudget").asInt()).isPositive();
    assertThat(audit.path("request").path("task").asString())
        .isEqualTo("verify the flaky checkout test");
    assertThat(audit.path("request").path("workflowRunId").asString()).isEqualTo("wfr_x");
    assertThat(audit.path("selected").findValuesAsString("id"))
        .isEqualTo(packet.path("items").findValuesAsString("id"));

    JsonNode defaults =
        lead.post("/context/packet", "{\"role\":\"critic\",\"task\":\"review\"}").json();
    assertThat(defaults.path("audit").path("budgetTokens").asInt()).isEqualTo(12_000);
  }

  @Test
  void state_as_of_reads_the_value_in_force_before_between_and_after_changes() {
    Instant before = hub.clock.instant();
    hub.clock.tick(Duration.ofMinutes(1));
    hub.add(item("state", "deploy.target", "staging", "human", "policy"));
    hub.clock.tick(Duration.ofMinutes(1));
    Instant between = hub.clock.instant();
    hub.clock.tick(Duration.ofMinutes(1));
    hub.add(item("state", "deploy.target", "production", "human", "policy"));
    hub.clock.tick(Duration.ofMinutes(1));
    Instant after = hub.clock.instant();

    assertThat(state("deploy.target", before).isNull()).isTrue();
    assertThat(state("deploy.target", between).path("summary").asString()).isEqualTo("staging");
    assertThat(state("deploy.target", between).path("validity").asString()).isEqualTo("superseded");
    assertThat(state("deploy.target", after).path("summary").asString()).isEqualTo("production");
    assertThat(state("deploy.target", null).path("summary").asString()).isEqualTo("production");
    assertThat(state("never.set", null).isNull()).isTrue();
  }

  @Test
  void an_agent_proposal_changes_nothing_until_another_identity_promotes_it_with_the_admin_token() {
    String proposalId = propose(lead, "release.branch", "release from main");
    assertThat(state("release.branch", null).isNull()).isTrue();

    refused(promote(proposalId, TestHubs.ALPHA, "ops"), 403, "context_promotion_forbidden");
    refused(promote(proposalId, TestHubs.ADMIN, "lead"), 403, "context_promotion_forbidden");
    refused(promote(proposalId, TestHubs.ADMIN, "LEAD"), 403, "context_promotion_forbidden");
    assertThat(state("release.branch", null).isNull()).isTrue();

    Http.Response promoted = promote(proposalId, TestHubs.ADMIN, "ops");

    assertThat(promoted.status()).as(promoted.body()).isEqualTo(200);
    assertThat(promoted.json().path("proposal").path("status").asString()).isEqualTo("promoted");
    JsonNode now = state("release.branch", null);
    assertThat(now.path("summary").asString()).isEqualTo("release from main");
    assertThat(now.path("origin").asString()).isEqualTo("peer");
    assertThat(now.path("authority").asString()).isEqualTo("evidence");
    assertThat(now.path("createdBy").asString()).isEqualTo("lead");
    refused(promote(proposalId, TestHubs.ADMIN, "other-ops"), 403, "context_promotion_forbidden");
  }

  @Test
  void an_agent_proposal_above_evidence_is_refused() {
    Http.Response response =
        lead.post(
            "/context/proposals",
            Json.write(
                Map.of(
                    "key", "k",
                    "summary", "s",
                    "authority", "policy",
                    "confidence", "verified",
                    "evidenceRefs", List.of("jrn_1"))));

    refused(response, 403, "context_authority_exceeded");
  }

  @Test
  void an_operator_proposal_is_human_origin_and_its_author_cannot_promote_it() {
    Http.Response made =
        hub.admin(
            "/v1/context/proposals",
            Json.write(
                Map.of(
                    "project", "alpha",
                    "key", "merge.policy",
                    "summary", "squash merges only",
                    "authority", "policy",
                    "confidence", "verified",
                    "evidenceRefs", List.of("adr-7"),
                    "proposedBy", "ops")));
    assertThat(made.status()).as(made.body()).isEqualTo(201);
    String id = made.json().path("proposalId").asString();

    refused(promote(id, TestHubs.ADMIN, "ops"), 403, "context_promotion_forbidden");
    JsonNode pending = hub.adminGet("/v1/context/proposals?project=alpha&status=pending").json();
    assertThat(pending.path("proposals").findValuesAsString("id")).contains(id);

    assertThat(promote(id, TestHubs.ADMIN, "reviewer").status()).isEqualTo(200);
    assertThat(state("merge.policy", null).path("authority").asString()).isEqualTo("policy");
    assertThat(state("merge.policy", null).path("origin").asString()).isEqualTo("human");
  }

  @Test
  void a_rejected_proposal_leaves_state_alone() {
    String id = propose(lead, "cache.size", "raise it to 2 GB");

    Http.Response rejected =
        hub.admin(
            "/v1/context/proposals/" + id + "/reject", Json.write(Map.of("rejectedBy", "ops")));

    assertThat(rejected.status()).as(rejected.body()).isEqualTo(200);
    assertThat(rejected.json().path("proposal").path("status").asString()).isEqualTo("rejected");
    assertThat(state("cache.size", null).isNull()).isTrue();
    refused(promote(id, TestHubs.ADMIN, "ops"), 403, "context_promotion_forbidden");
    refused(promote("cpr_missing", TestHubs.ADMIN, "ops"), 404, "context_proposal_not_found");
  }

  @Test
  void every_context_route_refuses_another_project() {
    for (String route : List.of("packet", "recall", "state", "episodes", "proposals")) {
      String body =
          switch (route) {
            case "packet" -> "{\"role\":\"planner\",\"task\":\"t\",\"project\":\"beta\"}";
            case "state" -> "{\"key\":\"k\",\"project\":\"beta\"}";
            case "proposals" ->
                "{\"key\":\"k\",\"summary\":\"s\",\"authority\":\"evidence\","
                    + "\"confidence\":\"probable\",\"evidenceRefs\":[\"r\"],\"project\":\"beta\"}";
            default -> "{\"project\":\"beta\"}";
          };
      refused(lead.post("/context/" + route, body), 403, "context_isolation_violation");
    }
    hub.add(item("evidence", null, "alpha only secret plan", "tool", "evidence"));
    JsonNode seen =
        outsider.post("/context/recall", "{\"query\":\"alpha only secret plan\"}").json();
    assertThat(seen.path("items").size()).isZero();
  }

  @Test
  void items_are_refused_for_control_plane_fields_ceilings_and_derivation() {
    Map<String, Object> base =
        Map.of(
            "project", "alpha",
            "kind", "evidence",
            "summary", "s",
            "origin", "tool",
            "authority", "evidence",
            "confidence", "probable",
            "createdBy", "ops");
    java.util.Map<String, Object> withTools = new java.util.HashMap<>(base);
    withTools.put("tools", List.of("kxm_send"));
    refused(hub.admin("/v1/context/items", Json.write(withTools)), 400, "context_item_invalid");

    java.util.Map<String, Object> tooStrong = new java.util.HashMap<>(base);
    tooStrong.put("authority", "instruction");
    refused(
        hub.admin("/v1/context/items", Json.write(tooStrong)), 403, "context_authority_exceeded");

    String hypothesis = hub.add(item("evidence", null, "maybe", "tool", "hypothesis"));
    java.util.Map<String, Object> derived = new java.util.HashMap<>(base);
    derived.put("origin", "derived");
    derived.put("derivedFrom", List.of(hypothesis));
    refused(hub.admin("/v1/context/items", Json.write(derived)), 403, "context_authority_exceeded");
    derived.put("authority", "hypothesis");
    assertThat(hub.admin("/v1/context/items", Json.write(derived)).status()).isEqualTo(201);

    refused(hub.post("/v1/context/items", TestHubs.ALPHA, Json.write(base)), 403, "admin_required");
  }

  @Test
  void episodes_are_the_error_lesson_observation_and_experiment_entries_of_the_journal() {
    Http.Response started =
        Workflows.start(hub.http, "ctx-delivery-1", "{\"version\":\"1.2.3\"}", hub.clock.instant());
    assertThat(started.status()).as(started.body()).isEqualTo(201);
    String runId = started.json().path("runId").asString();
    String record = "/workflows/runs/" + runId + "/record";
    Http.Response plan =
        lead.post(record, "{\"category\":\"plan\",\"area\":\"workflow\",\"summary\":\"plan\"}");
    assertThat(plan.status()).as(plan.body()).isEqualTo(201);
    assertThat(
            lead.post(
                    record,
                    "{\"category\":\"lesson\",\"area\":\"gates\",\"summary\":\"pin the linter, token=abcdef123456789\","
                        + "\"evidence\":[\"ci log\"]}")
                .status())
        .isEqualTo(201);

    JsonNode episodes =
        lead.post("/context/episodes", Json.write(Map.of("workflowRunId", runId))).json();

    assertThat(episodes.path("episodes").findValuesAsString("category")).containsExactly("lesson");
    assertThat(episodes.path("episodes").get(0).path("summary").asString())
        .contains("pin the linter")
        .doesNotContain("abcdef123456789");
  }

  @Test
  void retention_purges_ended_items_after_the_window() {
    hub.add(item("state", "purge.me", "old", "human", "policy"));
    hub.clock.tick(Duration.ofMinutes(1));
    Instant between = hub.clock.instant();
    hub.clock.tick(Duration.ofMinutes(1));
    hub.add(item("state", "purge.me", "new", "human", "policy"));
    assertThat(state("purge.me", between).path("summary").asString()).isEqualTo("old");

    hub.clock.tick(Duration.ofDays(8));
    assertThat(hub.context.sweep()).isPositive();

    assertThat(state("purge.me", between).isNull()).isTrue();
    assertThat(state("purge.me", null).path("summary").asString()).isEqualTo("new");
  }
}

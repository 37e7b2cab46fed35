package io.kxm.session.turn;

import static io.kxm.session.api.SessionRunStatus.COMPLETED;
import static io.kxm.session.api.SessionRunStatus.FAILED;
import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.session.api.EventTypes;
import io.kxm.session.api.Session;
import io.kxm.session.api.SessionEvent;
import io.kxm.session.api.SessionRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/** Usage and spend as a real session turn records them, priced from the workspace's prices. */
class SessionSpendTest {
  private static final String SONNET = "anthropic/claude-sonnet-4-5";
  private static final String PRICES =
      """
      currency: USD
      prices:
        anthropic/claude-sonnet-4-5:
          inputPerMillion: 3
          outputPerMillion: 15
          cacheReadPerMillion: 0.30
          cacheWritePerMillion: 3.75
      """;

  @TempDir Path tmp;
  SessionsFixture fx;

  @AfterEach
  void close() {
    if (fx != null) {
      fx.close();
    }
  }

  @Test
  void each_usage_event_carries_the_report_the_run_total_and_the_running_spend() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    prices(PRICES);
    Session session = fx.service.create(fx.workspace.toString(), fx.agent("spend"), SONNET);

    SessionRun run = fx.awaitStatus(fx.service.submit(session.id(), "go").id(), COMPLETED);

    List<JsonNode> usage = data(run.id(), EventTypes.USAGE);
    assertThat(usage).hasSize(2);
    assertThat(Json.write(usage.get(0)))
        .isEqualTo(
            "{\"inputTokens\":1000,\"outputTokens\":200,\"cacheReadTokens\":0,"
                + "\"cacheWriteTokens\":0,\"reasoningTokens\":50,"
                + "\"run\":{\"inputTokens\":1000,\"outputTokens\":200,\"cacheReadTokens\":0,"
                + "\"cacheWriteTokens\":0,\"reasoningTokens\":50,\"source\":\"summed\"},"
                + "\"spend\":{\"currency\":\"USD\",\"amount\":\"0.006\"}}");
    // 1500*3 + 300*15 + 4000*0.30 + 1000*3.75 = 4500 + 4500 + 1200 + 3750 = 13950 per million
    JsonNode second = usage.get(1);
    assertThat(second.path("cacheReadTokens").asLong()).isEqualTo(4000);
    assertThat(second.has("costUsd")).isFalse();
    assertThat(second.path("run").path("inputTokens").asLong()).isEqualTo(1500);
    assertThat(second.path("run").path("cacheWriteTokens").asLong()).isEqualTo(1000);
    assertThat(second.path("spend").path("amount").asString()).isEqualTo("0.01395");

    JsonNode completed = data(run.id(), EventTypes.RUN_COMPLETED).getFirst();
    assertThat(completed.path("finalMessage").asString()).isEqualTo("spent");
    assertThat(completed.path("usage").path("outputTokens").asLong()).isEqualTo(300);
    assertThat(completed.path("usage").path("source").asString()).isEqualTo("summed");
    assertThat(completed.path("spend").path("amount").asString()).isEqualTo("0.01395");
  }

  @Test
  void a_failed_run_ends_with_the_usage_it_reported() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    prices(PRICES);
    Session session = fx.service.create(fx.workspace.toString(), fx.agent("spend", "fail"), SONNET);

    SessionRun run = fx.awaitStatus(fx.service.submit(session.id(), "go").id(), FAILED);

    JsonNode failed = data(run.id(), EventTypes.RUN_FAILED).getFirst();
    assertThat(failed.path("exitCode").asInt()).isEqualTo(4);
    assertThat(failed.path("usage").path("inputTokens").asLong()).isEqualTo(1500);
    assertThat(failed.path("spend").path("amount").asString()).isEqualTo("0.01395");
  }

  @Test
  void without_a_price_for_the_model_the_spend_is_unknown_never_zero() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    prices(PRICES);
    Session unpriced =
        fx.service.create(fx.workspace.toString(), fx.agent("spend"), "ollama/qwen3");
    Session noModel = fx.service.create(fx.workspace.toString(), fx.agent("spend"), null);

    SessionRun a = fx.awaitStatus(fx.service.submit(unpriced.id(), "go").id(), COMPLETED);
    SessionRun b = fx.awaitStatus(fx.service.submit(noModel.id(), "go").id(), COMPLETED);

    JsonNode spendA = data(a.id(), EventTypes.USAGE).getLast().path("spend");
    assertThat(spendA.path("amount").isNull()).isTrue();
    assertThat(spendA.path("unknownBecause").asString())
        .isEqualTo("no price for ollama/qwen3 in .kxm/prices.yaml");
    assertThat(
            data(b.id(), EventTypes.RUN_COMPLETED)
                .getFirst()
                .path("spend")
                .path("unknownBecause")
                .asString())
        .isEqualTo("the session names no model");
  }

  @Test
  void an_invalid_prices_file_leaves_spend_unknown_and_the_turn_still_completes() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    prices(PRICES.replace("currency: USD", "currency: EUR"));
    Session session = fx.service.create(fx.workspace.toString(), fx.agent("spend"), SONNET);

    SessionRun run = fx.awaitStatus(fx.service.submit(session.id(), "go").id(), COMPLETED);

    JsonNode spend = data(run.id(), EventTypes.RUN_COMPLETED).getFirst().path("spend");
    assertThat(spend.path("amount").isNull()).isTrue();
    assertThat(spend.path("unknownBecause").asString()).contains("prices.yaml is invalid");
  }

  @Test
  void a_turn_that_reports_no_usage_ends_with_usage_unavailable() throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    prices(PRICES);
    Session session = fx.service.create(fx.workspace.toString(), fx.agent("quiet"), SONNET);

    SessionRun run = fx.awaitStatus(fx.service.submit(session.id(), "go").id(), COMPLETED);

    assertThat(fx.types(run.id())).doesNotContain(EventTypes.USAGE);
    JsonNode completed = data(run.id(), EventTypes.RUN_COMPLETED).getFirst();
    assertThat(completed.path("usage").path("source").asString()).isEqualTo("unavailable");
    assertThat(completed.path("spend").path("amount").isNull()).isTrue();
  }

  @Test
  void a_report_that_would_overflow_the_run_total_is_a_protocol_error_not_a_failure()
      throws Exception {
    fx = SessionsFixture.start(tmp, SessionsFixture.settings(4, 10));
    Session session = fx.service.create(fx.workspace.toString(), fx.agent("overflow"), SONNET);

    SessionRun run = fx.awaitStatus(fx.service.submit(session.id(), "go").id(), COMPLETED);

    assertThat(data(run.id(), EventTypes.USAGE)).hasSize(1);
    assertThat(data(run.id(), EventTypes.PROTOCOL_ERROR).getFirst().path("reason").asString())
        .contains("2^63-1");
    assertThat(
            data(run.id(), EventTypes.RUN_COMPLETED)
                .getFirst()
                .path("usage")
                .path("inputTokens")
                .asLong())
        .isEqualTo(Long.MAX_VALUE);
  }

  private void prices(String text) throws Exception {
    Files.createDirectories(fx.workspace.resolve(".kxm"));
    Files.writeString(fx.workspace.resolve(".kxm/prices.yaml"), text);
  }

  private List<JsonNode> data(String runId, String type) {
    return fx.events(runId).stream()
        .filter(e -> e.type().equals(type))
        .map(SessionEvent::data)
        .toList();
  }
}

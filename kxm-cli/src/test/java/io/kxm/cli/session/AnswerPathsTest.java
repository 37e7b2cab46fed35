package io.kxm.cli.session;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.session.SessionSupervisor.Done;
import io.kxm.core.json.Json;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The same answer given over {@code POST …/resolve} and with {@code kxm runs approve|deny|answer}
 * stores the same interaction row and the same {@code interaction.resolved} event, and reaches the
 * harness the same, for every kind and outcome; and what either path refuses changes nothing.
 */
class AnswerPathsTest {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  @TempDir static Path dir;
  static SessionSupervisor kxm;
  static Path agent;

  @BeforeAll
  static void supervisor() throws Exception {
    kxm = SessionSupervisor.start(dir);
    agent = Path.of(AnswerPathsTest.class.getResource("ask-agent.py").toURI());
  }

  @AfterAll
  static void stop() {
    kxm.close();
  }

  @Test
  void an_approval_granted_over_http_and_with_runs_approve_stores_the_same() throws Exception {
    assertSameAnswer("approval", "{\"approved\":true,\"by\":\"ana\"}", "approve", "--by", "ana");
  }

  @Test
  void an_approval_denied_with_a_reason_over_http_and_with_runs_deny_stores_the_same()
      throws Exception {
    assertSameAnswer(
        "approval",
        "{\"approved\":false,\"answer\":\"not now\",\"by\":\"ana\"}",
        "deny",
        "--note",
        "not now",
        "--by",
        "ana");
  }

  @Test
  void a_clarification_answered_over_http_and_with_runs_answer_stores_the_same() throws Exception {
    JsonNode stored =
        assertSameAnswer(
            "clarification",
            "{\"answer\":\"main\",\"by\":\"ana\"}",
            "answer",
            "main",
            "--by",
            "ana");
    // an answer is not an approval: neither path may invent an approved flag
    assertThat(stored).isEqualTo(Json.read("{\"answer\":\"main\",\"by\":\"ana\"}"));
  }

  @Test
  void an_accepted_elicitation_over_http_and_with_runs_answer_accept_stores_the_same()
      throws Exception {
    JsonNode stored =
        assertSameAnswer(
            "elicitation",
            "{\"action\":\"accept\",\"content\":{\"email\":\"ana@example.org\",\"copies\":2},"
                + "\"by\":\"ana\"}",
            "answer",
            "--accept",
            "{\"email\":\"ana@example.org\",\"copies\":2}",
            "--by",
            "ana");
    assertThat(stored.path("content").path("copies").asInt()).isEqualTo(2);
  }

  @Test
  void a_declined_and_a_cancelled_elicitation_store_the_same_both_ways_without_content()
      throws Exception {
    JsonNode declined =
        assertSameAnswer(
            "elicitation",
            "{\"action\":\"decline\",\"by\":\"ana\"}",
            "answer",
            "--decline",
            "--by",
            "ana");
    JsonNode cancelled =
        assertSameAnswer(
            "elicitation",
            "{\"action\":\"cancel\",\"by\":\"ana\"}",
            "answer",
            "--cancel",
            "--by",
            "ana");
    assertThat(declined.has("content")).isFalse();
    assertThat(cancelled.has("content")).isFalse();
  }

  @Test
  void refused_answers_leave_the_question_pending_and_it_can_still_be_answered() throws Exception {
    String runId = asked("elicitation");
    String interactionId = pending(runId);
    String path = "/v1/runs/" + runId + "/interactions/" + interactionId + "/resolve";

    HttpResponse<String> unknown = post(path, "{\"action\":\"decline\",\"note\":\"x\"}");
    HttpResponse<String> wrongKind = post(path, "{\"approved\":true}");
    HttpResponse<String> badEmail =
        post(path, "{\"action\":\"accept\",\"content\":{\"email\":\"nobody\"}}");
    HttpResponse<String> withContent =
        post(path, "{\"action\":\"cancel\",\"content\":{\"email\":\"a@b.org\"}}");
    Done cliBad =
        kxm.kxm(
            "runs",
            "answer",
            runId,
            interactionId,
            "--accept",
            "{\"email\":\"a@b.org\",\"copies\":9}");
    Done cliText = kxm.kxm("runs", "answer", runId, interactionId, "some text");
    Done cliBoth = kxm.kxm("runs", "answer", runId, interactionId, "text", "--decline");

    assertThat(unknown.statusCode()).isEqualTo(400);
    assertThat(code(unknown)).isEqualTo("unknown_field");
    assertThat(message(unknown)).contains("note");
    assertThat(code(wrongKind)).isEqualTo("unknown_field");
    assertThat(message(wrongKind)).contains("approved");
    assertThat(badEmail.statusCode()).isEqualTo(400);
    assertThat(code(badEmail)).isEqualTo("elicitation_content_invalid");
    assertThat(message(badEmail)).contains("content.email").contains("format");
    assertThat(code(withContent)).isEqualTo("interaction_answer_invalid");
    assertThat(cliBad.exit()).isEqualTo(1);
    assertThat(cliBad.err())
        .startsWith("error: elicitation_content_invalid:")
        .contains("content.copies")
        .contains("maximum");
    assertThat(cliText.err()).startsWith("error: unknown_field:").contains("answer");
    assertThat(cliBoth.exit()).isEqualTo(2);
    JsonNode still = kxm.kxm("runs", "status", runId, "--json").json();
    assertThat(still.path("interactions").path(0).path("status").asString()).isEqualTo("pending");
    assertThat(still.path("run").path("status").asString()).isEqualTo("running");

    Done accepted =
        kxm.kxm("runs", "answer", runId, interactionId, "--accept", "{\"email\":\"a@b.org\"}");
    assertThat(accepted.exit()).as(accepted.err()).isZero();
    assertThat(Json.read(finalMessage(runId)))
        .isEqualTo(
            Json.object()
                .put("action", "accept")
                .put("by", by())
                .set("content", Json.object().put("email", "a@b.org")));
  }

  @Test
  void a_harness_asking_with_a_schema_mcp_does_not_allow_fails_its_turn_and_asks_nobody() {
    String runId = asked("nested-form");

    JsonNode run =
        Awaitility.await()
            .atMost(Duration.ofSeconds(30))
            .pollInterval(Duration.ofMillis(50))
            .until(
                () -> kxm.kxm("runs", "status", runId, "--json").json(),
                detail -> detail.path("run").path("status").asString().equals("failed"));

    assertThat(run.path("run").path("error").asString()).isEqualTo("elicitation_schema_invalid");
    assertThat(run.path("interactions").isEmpty()).isTrue();
  }

  @Test
  void runs_answer_help_names_text_accept_decline_and_cancel() {
    Done help = kxm.kxm("runs", "answer", "--help");

    assertThat(help.exit()).isZero();
    assertThat(help.out()).contains("TEXT", "--accept", "--decline", "--cancel", "--by");
  }

  /**
   * Asks one question in each of two runs, answers one over HTTP with {@code body} and the other
   * with {@code kxm runs <cli…>}, and returns the answer both stored.
   */
  private static JsonNode assertSameAnswer(String kind, String body, String... cli)
      throws Exception {
    String overHttp = asked(kind);
    String httpQuestion = pending(overHttp);
    String byCli = asked(kind);
    String cliQuestion = pending(byCli);

    HttpResponse<String> posted =
        post("/v1/runs/" + overHttp + "/interactions/" + httpQuestion + "/resolve", body);
    List<String> args = new ArrayList<>(List.of("runs", cli[0], byCli, cliQuestion));
    args.addAll(List.of(cli).subList(1, cli.length));
    Done answered = kxm.kxm(args.toArray(String[]::new));

    assertThat(posted.statusCode()).as(posted.body()).isEqualTo(200);
    assertThat(answered.exit()).as(answered.err()).isZero();
    JsonNode httpRow = interaction(overHttp);
    JsonNode cliRow = interaction(byCli);
    assertThat(cliRow.path("status").asString()).isEqualTo("resolved");
    assertThat(cliRow.path("answer")).isEqualTo(httpRow.path("answer"));
    assertThat(resolvedEvent(byCli).path("answer"))
        .isEqualTo(resolvedEvent(overHttp).path("answer"));
    assertThat(finalMessage(byCli)).isEqualTo(finalMessage(overHttp));
    assertThat(httpRow.path("answer")).isEqualTo(Json.read(body));
    return cliRow.path("answer");
  }

  /** A run of a session of its own (a session runs one turn at a time) asking one question. */
  private static String asked(String kind) {
    Done created = kxm.kxm("session", "new", "--json", "--", "python3", agent.toString());
    assertThat(created.exit()).as(created.err()).isZero();
    String sessionId = created.json().path("id").asString();
    Done queued = kxm.kxm("session", "run", sessionId, "--json", kind + " please");
    assertThat(queued.exit()).as(queued.err()).isZero();
    return queued.json().path("id").asString();
  }

  private static String pending(String runId) {
    return Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> {
              JsonNode row = interaction(runId);
              return row.path("status").asString().equals("pending")
                  ? row.path("id").asString()
                  : null;
            },
            id -> id != null);
  }

  private static JsonNode interaction(String runId) {
    return kxm.kxm("runs", "status", runId, "--json").json().path("interactions").path(0);
  }

  private static String finalMessage(String runId) {
    return Awaitility.await()
        .atMost(Duration.ofSeconds(30))
        .pollInterval(Duration.ofMillis(50))
        .until(
            () -> kxm.kxm("runs", "status", runId, "--json").json().path("run"),
            run -> run.path("status").asString().equals("completed"))
        .path("finalMessage")
        .asString();
  }

  private static JsonNode resolvedEvent(String runId) {
    Done watched = kxm.kxm("runs", "watch", runId, "--json");
    assertThat(watched.exit()).as(watched.err()).isZero();
    return watched
        .out()
        .lines()
        .map(Json::read)
        .filter(e -> e.path("type").asString().equals("interaction.resolved"))
        .findFirst()
        .orElseThrow()
        .path("data");
  }

  private static String by() {
    return kxm.env().getOrDefault("USER", "operator");
  }

  private static HttpResponse<String> post(String path, String body) throws Exception {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(kxm.url() + path))
            .header("Authorization", "Bearer " + kxm.token())
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static String code(HttpResponse<String> reply) {
    return Json.read(reply.body()).path("error").path("code").asString();
  }

  private static String message(HttpResponse<String> reply) {
    return Json.read(reply.body()).path("error").path("message").asString();
  }
}

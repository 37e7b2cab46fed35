package io.kxm.cli.hub.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.testkit.browser.ConsoleDriver;
import io.kxm.testkit.browser.HeadlessChromium;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

/**
 * The console's runtime pages in real headless Chromium, over a real hub with the bridge and a real
 * supervisor child process: each test acts in the page and then reads the supervisor's store.
 */
class RuntimeConsoleBrowserTest {
  private static final String ADMIN = TestEnv.ADMIN;

  @TempDir Path dir;
  RuntimeHub hub;
  HeadlessChromium browser;

  @BeforeEach
  void start() throws Exception {
    HeadlessChromium.require();
    hub =
        RuntimeHub.start(
            dir,
            "elicit=python3 "
                + Path.of("src/test/resources/harness/elicit-agent.py").toAbsolutePath());
    browser = HeadlessChromium.start();
  }

  @AfterEach
  void stop() {
    try {
      if (browser != null) {
        browser.close();
      }
    } finally {
      hub.close();
    }
  }

  @Test
  void approving_a_waiting_interaction_in_the_console_lets_the_run_complete() throws Exception {
    hub.startSupervisor();
    String sessionId = newSession("command:echo");
    String runId = prompt(sessionId, "please approve the write");
    JsonNode pending = awaitPending(runId);

    signIn("ada", ADMIN);
    page("approvals", "Approvals");
    WebElement card =
        browser
            .until(() -> cards(pending.path("interactionId").asString()), list -> !list.isEmpty())
            .getFirst();
    assertThat(card.getText()).contains("write_file");
    browser.assertAccessible();
    browser.screenshot("runtime-approval-waiting");
    card.findElement(By.cssSelector("button.approve")).click();

    JsonNode run = awaitRunStatus(runId, "completed");
    assertThat(run.path("run").path("finalMessage").asString()).isEqualTo("approved");
    JsonNode interaction = run.path("interactions").get(0);
    assertThat(interaction.path("status").asString()).isEqualTo("resolved");
    assertThat(interaction.path("answer").path("approved").asBoolean()).isTrue();
    assertThat(interaction.path("answer").path("by").asString()).isEqualTo("ada");

    page("runs", "Runs");
    WebElement row =
        browser
            .until(
                () -> browser.findAll("#session-runs tr[data-run='" + runId + "']"),
                r -> !r.isEmpty())
            .getFirst();
    row.findElement(By.tagName("button")).click();
    browser.until(() -> browser.find("#run-status").getText(), t -> t.endsWith(": completed"));
    assertThat(browser.find("#run-answer").getText()).isEqualTo("approved");
    browser.assertAccessible();
    browser.screenshot("runtime-run-completed");
  }

  @Test
  void an_elicitation_form_sends_typed_values_that_the_store_and_the_harness_see()
      throws Exception {
    hub.startSupervisor();
    String sessionId = newSession("command:elicit");
    String runId = prompt(sessionId, "deploy");
    JsonNode pending = awaitPending(runId);
    String id = pending.path("interactionId").asString();

    signIn("ada", ADMIN);
    page("approvals", "Approvals");
    WebElement card = browser.until(() -> cards(id), l -> !l.isEmpty()).getFirst();
    String prefix = "#field-" + id.replaceAll("[^A-Za-z0-9_-]", "_") + "-";
    assertThat(
            card.findElement(By.cssSelector("label[for='" + prefix.substring(1) + "target']"))
                .getText())
        .isEqualTo("Target (required)");
    browser.assertAccessible();
    browser.find(prefix + "target").sendKeys("staging");
    browser.find(prefix + "replicas").sendKeys("3");
    browser.find(prefix + "ratio").sendKeys("0.25");
    browser.find(prefix + "canary").click();
    browser.find(prefix + "region").findElement(By.xpath("option[text()='us']")).click();
    browser.screenshot("runtime-elicitation-form");
    card.findElement(By.cssSelector("button[type='submit']")).click();

    JsonNode run = awaitRunStatus(runId, "completed");
    JsonNode answer = run.path("interactions").get(0).path("answer");
    assertThat(answer.path("action").asString()).isEqualTo("accept");
    JsonNode values = answer.path("content");
    assertThat(values.path("target").isString()).isTrue();
    assertThat(values.path("target").asString()).isEqualTo("staging");
    assertThat(values.path("replicas").isIntegralNumber()).isTrue();
    assertThat(values.path("replicas").asInt()).isEqualTo(3);
    assertThat(values.path("ratio").asDouble()).isEqualTo(0.25);
    assertThat(values.path("canary").isBoolean()).isTrue();
    assertThat(values.path("canary").asBoolean()).isTrue();
    assertThat(values.path("region").asString()).isEqualTo("us");
    assertThat(run.path("run").path("finalMessage").asString())
        .isEqualTo(
            "got {\"canary\": true, \"ratio\": 0.25, \"region\": \"us\", \"replicas\": 3,"
                + " \"target\": \"staging\"}");
  }

  @Test
  void a_project_token_session_is_refused_the_runtime_routes() throws Exception {
    hub.startSupervisor();
    signIn("bob", TestEnv.ALPHA);
    page("approvals", "Approvals");
    browser.until(
        () -> browser.find("#approvals-error").getText(), t -> t.startsWith("admin_required"));
    Object status =
        browser.asyncScript(
            "const done = arguments[arguments.length - 1];"
                + "fetch('/v1/runtime/supervisor/sessions', {credentials: 'same-origin'})"
                + ".then(r => done(r.status), e => done(String(e)));");
    assertThat(status).isEqualTo(403L);
    browser.assertAccessible();
    browser.screenshot("runtime-project-token-refused");
    assertThat(hub.get("/v1/runtime/supervisor/sessions", ADMIN).body().path("sessions")).isEmpty();
  }

  private List<WebElement> cards(String interactionId) {
    return browser.findAll("#approvals-list section[data-interaction='" + interactionId + "']");
  }

  private String newSession(String harness) throws Exception {
    RuntimeHub.Reply session =
        hub.post("/v1/runtime/supervisor/sessions", ADMIN, "{\"harness\":\"" + harness + "\"}");
    assertThat(session.status()).as(session.text()).isEqualTo(201);
    return session.body().path("id").asString();
  }

  private String prompt(String sessionId, String text) throws Exception {
    RuntimeHub.Reply run =
        hub.post(
            "/v1/runtime/supervisor/sessions/" + sessionId + "/runs",
            ADMIN,
            Json.write(java.util.Map.of("prompt", text)));
    assertThat(run.status()).as(run.text()).isEqualTo(201);
    return run.body().path("id").asString();
  }

  private JsonNode awaitPending(String runId) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              for (JsonNode i :
                  hub.get("/v1/runtime/supervisor/interactions", ADMIN)
                      .body()
                      .path("interactions")) {
                if (i.path("runId").asString().equals(runId)) {
                  return i;
                }
              }
              return null;
            },
            i -> i != null);
  }

  private JsonNode awaitRunStatus(String runId, String status) {
    return await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> hub.get("/v1/runtime/supervisor/runs/" + runId, ADMIN).body(),
            b -> b.path("run").path("status").asString().equals(status));
  }

  private void signIn(String operator, String token) {
    ConsoleDriver.signIn(browser, hub.baseUrl(), operator, token);
  }

  private void page(String id, String heading) {
    ConsoleDriver.page(browser, hub.baseUrl(), id, heading);
  }
}

package io.kxm.cli.hub.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.cli.support.TestEnv;
import io.kxm.core.json.Json;
import io.kxm.testkit.GitRepository;
import io.kxm.testkit.browser.ConsoleDriver;
import io.kxm.testkit.browser.HeadlessChromium;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

/**
 * Studio in real headless Chromium over a real hub with the bridge and a real supervisor: a runtime
 * run parked on its approval step, as the store records it, is drawn with that step marked in the
 * picture and named in text.
 */
class StudioConsoleBrowserTest {
  private static final String ADMIN = TestEnv.ADMIN;
  private static final String WORKFLOW =
      """
      apiVersion: kxm.workflow.v1
      id: example
      description: A person signs off, then the coder works and the tests gate checks it.
      coordinator: coder
      steps:
        - id: sign-off
          type: approval
        - id: implement
          type: agent
          agent: coder
          prompt: "Do what the run's prompt asks, then summarise what you changed."
        - id: check
          type: gate
          gate: tests
      """;

  @TempDir Path dir;
  RuntimeHub hub;
  HeadlessChromium browser;

  @BeforeEach
  void start() throws Exception {
    HeadlessChromium.require();
    hub = RuntimeHub.start(dir);
    String[] init = hub.kxm("init");
    assertThat(init[0]).as(init[2]).isEqualTo("0");
    Files.writeString(hub.project().resolve(".kxm/workflows/example.yaml"), WORKFLOW);
    GitRepository.commitAll(hub.project(), "a workflow with a sign-off");
    hub.startSupervisor();
    browser = HeadlessChromium.start();
  }

  @AfterEach
  void stop() {
    try {
      if (browser != null) {
        browser.close();
      }
    } finally {
      hub.kxm("runtime", "stop");
      hub.close();
    }
  }

  @Test
  void a_run_waiting_on_its_approval_step_is_drawn_with_that_step_marked() throws Exception {
    String[] created = hub.kxm("run", "example", "tidy the README", "--json");
    assertThat(created[0]).as(created[2]).isEqualTo("0");
    String runId = Json.read(created[1]).path("runId").asString();
    hub.kxm("runs", "drive", runId, "--simulated");
    JsonNode waiting = run(runId);
    assertThat(stepStatus(waiting, "sign-off")).as(waiting.toString()).isEqualTo("waiting");

    signIn();
    browser.open(hub.baseUrl() + "/console#/studio");
    String marked =
        browser.until(() -> browser.find("#studio-current").getText(), t -> t.contains("sign-off"));
    assertThat(marked).isEqualTo("Current step: sign-off (waiting)");
    WebElement node = browser.find("#studio-svg g.node.current");
    assertThat(node.getAttribute("data-step")).isEqualTo("sign-off");
    assertThat(node.getText()).startsWith("▶");
    assertThat(browser.findAll("#studio-svg g.node.current")).hasSize(1);
    browser.assertAccessible();
    browser.screenshot("studio-run-waiting");
  }

  private JsonNode run(String runId) throws Exception {
    RuntimeHub.Reply reply = hub.get("/v1/runtime/supervisor/runs/" + runId, ADMIN);
    assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    return reply.body();
  }

  private static String stepStatus(JsonNode run, String stepId) {
    for (JsonNode step : run.path("steps")) {
      if (step.path("stepId").asString().equals(stepId)) {
        return step.path("status").asString().toLowerCase(java.util.Locale.ROOT);
      }
    }
    return "";
  }

  private void signIn() {
    ConsoleDriver.signIn(browser, hub.baseUrl(), "ada", ADMIN);
  }
}

package io.kxm.hub.console;

import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.browser.HeadlessChromium;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.awaitility.core.ConditionTimeoutException;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

/**
 * The assembled hub (admin token, projects alpha and beta) and a real headless Chromium pointed at
 * its console: what every console browser test starts from.
 */
final class ConsoleHub implements AutoCloseable {
  final HubServer hub;
  final Http http;
  final HeadlessChromium browser;

  private ConsoleHub(HubServer hub, HeadlessChromium browser) {
    this.hub = hub;
    this.http = new Http(hub.baseUrl());
    this.browser = browser;
  }

  static ConsoleHub start(Path dir) {
    HeadlessChromium.require();
    Map<String, String> env = TestHubs.env(dir);
    env.put("KXM_AUTH_TOKEN", TestHubs.ADMIN);
    env.put("KXM_PROJECT_TOKENS", "alpha=" + TestHubs.ALPHA + ",beta=" + TestHubs.BETA);
    HubServer hub = HubAssembly.start(TestHubs.withTokens(dir), env);
    try {
      return new ConsoleHub(hub, HeadlessChromium.start());
    } catch (RuntimeException e) {
      hub.close();
      throw e;
    }
  }

  String url(String path) {
    return hub.baseUrl() + path;
  }

  /** Fills in the sign-in page and waits for the console shell to greet the operator. */
  void signIn(String operator, String token) {
    browser.open(url("/console"));
    fillSignIn(operator, token);
    try {
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() ->
              browser.findAll("#who").stream().anyMatch(w -> w.getText().startsWith(operator)));
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "the console did not open for "
              + operator
              + " at "
              + browser.driver().getCurrentUrl()
              + "; the page shows: "
              + browser.find("body").getText()
              + "; browser log: "
              + browser.consoleLog(),
          e);
    }
  }

  void fillSignIn(String operator, String token) {
    WebElement name = browser.find("#operator");
    name.clear();
    name.sendKeys(operator);
    WebElement secret = browser.find("#token");
    secret.clear();
    secret.sendKeys(token);
    browser.find("#sign-in-submit").click();
  }

  /** Opens a console page by its hash route and waits for its heading. */
  void page(String id, String heading) {
    browser.open(url("/console#/" + id));
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() ->
            browser.driver().findElements(By.cssSelector("#page h1")).stream()
                .anyMatch(h -> h.getText().equals(heading)));
  }

  /** Registers an agent of project alpha over HTTP, as a CLI would. */
  AgentClient agent(String name, String purpose) {
    Http.Response response =
        http.postJson(
            "/v1/projects/alpha/agents",
            TestHubs.ALPHA,
            Json.write(Map.of("name", name, "purpose", purpose)));
    if (response.status() != 201) {
      throw new AssertionError("registration failed: " + response.status() + " " + response.body());
    }
    JsonNode body = response.json();
    return new AgentClient(
        http,
        TestHubs.ALPHA,
        body.path("agentId").asString(),
        body.path("agentKey").asString(),
        name);
  }

  @Override
  public void close() {
    try {
      browser.close();
    } finally {
      hub.close();
    }
  }
}

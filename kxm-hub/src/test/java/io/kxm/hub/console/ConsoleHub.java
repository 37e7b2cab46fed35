package io.kxm.hub.console;

import io.kxm.core.json.Json;
import io.kxm.hub.HubAssembly;
import io.kxm.hub.HubServer;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import io.kxm.testkit.browser.ConsoleDriver;
import io.kxm.testkit.browser.HeadlessChromium;
import java.nio.file.Path;
import java.util.Map;
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
    ConsoleDriver.signIn(browser, hub.baseUrl(), operator, token);
  }

  void fillSignIn(String operator, String token) {
    ConsoleDriver.fillSignIn(browser, operator, token);
  }

  /** Opens a console page by its hash route and waits for its heading. */
  void page(String id, String heading) {
    ConsoleDriver.page(browser, hub.baseUrl(), id, heading);
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

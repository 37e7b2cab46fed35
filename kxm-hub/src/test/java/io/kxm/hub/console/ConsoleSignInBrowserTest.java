package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.StreamSupport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.Cookie;
import tools.jackson.databind.JsonNode;

/** Signing in to the console in real headless Chromium, and the agents page it opens on. */
class ConsoleSignInBrowserTest {
  @TempDir Path dir;
  private ConsoleHub console;

  @BeforeEach
  void start() {
    console = ConsoleHub.start(dir);
  }

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
    }
  }

  @Test
  void a_wrong_token_is_refused_and_sets_no_cookie() {
    console.browser.open(console.url("/"));
    assertThat(console.browser.driver().getCurrentUrl()).endsWith("/console");
    console.fillSignIn("ada", "not-a-token-of-this-hub");

    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> console.browser.find("#sign-in-error").getText().startsWith("auth_invalid"));
    assertThat(console.browser.driver().manage().getCookieNamed(ConsoleSessions.COOKIE)).isNull();
    assertThat(console.browser.find("#token").getAttribute("type")).isEqualTo("password");
    assertThat(console.browser.find("#token").getAttribute("autocomplete")).isEqualTo("off");
    console.browser.screenshot("sign-in-refused");
    console.browser.assertAccessible();
  }

  @Test
  void signing_in_sets_an_http_only_cookie_and_registers_the_operators_human_agent() {
    console.signIn("ada", TestHubs.ALPHA);

    Cookie cookie = console.browser.driver().manage().getCookieNamed(ConsoleSessions.COOKIE);
    assertThat(cookie).isNotNull();
    assertThat(cookie.isHttpOnly()).isTrue();
    assertThat(cookie.getSameSite()).isEqualTo("Strict");
    assertThat(cookie.getPath()).isEqualTo("/");
    assertThat((String) console.browser.script("return document.cookie;"))
        .doesNotContain(ConsoleSessions.COOKIE);
    assertThat(console.browser.driver().getPageSource()).doesNotContain(TestHubs.ALPHA);

    // The store holds the operator's human agent in project alpha.
    AgentClient probe = console.agent("probe", "checks the store");
    JsonNode peers = probe.peers(true).json().path("agents");
    assertThat(StreamSupport.stream(peers.spliterator(), false))
        .anySatisfy(agent -> {
          assertThat(agent.path("name").asString()).isEqualTo("ada");
          assertThat(agent.path("purpose").asString()).isEqualTo("person");
        });
    console.browser.screenshot("signed-in");
    console.browser.assertAccessible();
  }

  @Test
  void an_agent_registered_while_the_page_is_open_appears_without_a_reload() {
    console.signIn("ada", TestHubs.ALPHA);
    console.page("agents", "Agents");
    Object marker = console.browser.script("window.__noReload = 'kept'; return window.__noReload;");
    assertThat(marker).isEqualTo("kept");

    AgentClient builder = console.agent("builder", "builds the release");

    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> !console.browser.findAll("#agents-rows tr[data-agent='builder']").isEmpty());
    assertThat(console.browser.find("#agents-rows tr[data-agent='builder']").getText())
        .contains("builds the release")
        .contains(builder.id);
    assertThat(console.browser.script("return window.__noReload;")).isEqualTo("kept");
    console.browser.screenshot("agents-live");
    console.browser.assertAccessible();
  }
}

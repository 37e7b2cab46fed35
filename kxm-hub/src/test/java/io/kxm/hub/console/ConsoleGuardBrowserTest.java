package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signed-in operator's browser visiting another site: that site's form posts and fetches reach
 * the hub with the operator's cookie at most, and change nothing. The store is the judge.
 */
class ConsoleGuardBrowserTest {
  @TempDir Path dir;
  private ConsoleHub console;
  private AgentClient asker;
  private String messageId;
  private String replyPath;

  @BeforeEach
  void start() {
    console = ConsoleHub.start(dir);
    console.signIn("ada", TestHubs.ALPHA);
    asker = console.agent("asker", "asks people");
    messageId = asker.sendOk("ada", "may I deploy?");
    console.browser.assertAccessible();
    String humanId =
        (String)
            console.browser.asyncScript(
                "const done = arguments[arguments.length - 1];"
                    + "fetch('/console/session').then(r => r.json()).then(s => done(s.human.agentId));");
    replyPath = "/v1/agents/" + humanId + "/messages/" + messageId + "/reply";
  }

  @AfterEach
  void stop() {
    if (console != null) {
      console.close();
    }
  }

  @Test
  void a_cross_site_form_post_changes_nothing() {
    String page =
        "<!doctype html><html lang=en><title>elsewhere</title><body>"
            + "<form id=f method=post action='"
            + console.url(replyPath)
            + "'><input name=content value='forged'></form>"
            + "<script>document.getElementById('f').submit()</script></body></html>";
    try (ForeignSite site = ForeignSite.serving(page)) {
      console.browser.open(site.url());
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> console.browser.driver().getCurrentUrl().startsWith(console.url(replyPath)));
      console.browser.screenshot("cross-site-form-refused");
      assertThat(console.browser.find("body").getText()).contains("origin_not_allowed");
    }
    assertUnanswered();
  }

  @Test
  void a_fetch_from_a_foreign_origin_is_refused() {
    String page =
        "<!doctype html><html lang=en><title>elsewhere</title><body><p id=out>waiting</p><script>"
            + "const out = document.getElementById('out');"
            + "fetch('"
            + console.url(replyPath)
            + "', {method: 'POST', mode: 'no-cors', credentials: 'include',"
            + " headers: {'Content-Type': 'text/plain'}, body: JSON.stringify({content: 'forged'})})"
            + ".then(() => fetch('"
            + console.url("/v1/whoami")
            + "', {credentials: 'include'}))"
            + ".then(r => { out.textContent = 'read ' + r.status; },"
            + " e => { out.textContent = 'refused: ' + e.name; });"
            + "</script></body></html>";
    try (ForeignSite site = ForeignSite.serving(page)) {
      console.browser.open(site.url());
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> console.browser.find("#out").getText().startsWith("refused"));
      console.browser.screenshot("foreign-fetch-refused");
    }
    assertUnanswered();
    // The same request over plain HTTP shows what the hub answered the browser.
    var refused =
        console.http.send(
            console
                .http
                .request(
                    "/v1/whoami",
                    "Origin",
                    "http://127.0.0.1:1",
                    "Authorization",
                    "Bearer " + TestHubs.ALPHA)
                .GET());
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.errorCode()).isEqualTo("origin_not_allowed");
  }

  @Test
  void a_cookie_request_without_the_csrf_header_is_refused() {
    Object answer =
        console.browser.asyncScript(
            "const done = arguments[arguments.length - 1];"
                + "fetch(arguments[0], {method: 'POST', credentials: 'same-origin',"
                + " headers: {'Content-Type': 'application/json'},"
                + " body: JSON.stringify({content: 'no csrf'})})"
                + ".then(r => r.json().then(j => done(r.status + ' ' + j.error.code)),"
                + " e => done('failed ' + e));",
            replyPath);
    assertThat(answer).isEqualTo("403 csrf_invalid");
    assertUnanswered();
    console.browser.screenshot("csrf-refused");
  }

  private void assertUnanswered() {
    var message = asker.message(messageId).json();
    assertThat(message.path("status").asString()).isIn("queued", "delivered");
    assertThat(message.has("reply")).isFalse();
  }
}

package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.kxm.core.json.Json;
import io.kxm.hub.support.AgentClient;
import io.kxm.hub.support.Http;
import io.kxm.hub.support.TestHubs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.WebElement;
import tools.jackson.databind.JsonNode;

/** What an operator does in the console, checked in the store afterwards. */
class ConsoleActionsBrowserTest {
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
  void a_request_to_the_human_agent_is_answered_from_the_inbox() {
    console.signIn("ada", TestHubs.ALPHA);
    AgentClient asker = console.agent("asker", "asks people");
    String messageId = asker.sendOk("ada", "may I deploy the release to staging?");

    console.page("inbox", "Inbox");
    String card = "#inbox-list article[data-message='" + messageId + "']";
    await().atMost(Duration.ofSeconds(15)).until(() -> !console.browser.findAll(card).isEmpty());
    assertThat(console.browser.find(card).getText()).contains("may I deploy", "asker");
    console.browser.screenshot("inbox-request");
    console.browser.assertAccessible();

    console.browser.find(card + " textarea").sendKeys("yes, after the smoke tests pass");
    console.browser.find(card + " button[type='submit']").click();

    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> asker.message(messageId).json().path("status").asString().equals("replied"));
    assertThat(asker.message(messageId).json().path("reply").asString())
        .isEqualTo("yes, after the smoke tests pass");
    await().atMost(Duration.ofSeconds(15)).until(() -> console.browser.findAll(card).isEmpty());
    console.browser.screenshot("inbox-answered");
  }

  @Test
  void a_second_person_promotes_a_proposal_and_the_proposer_is_refused() {
    String others = propose("deploy.window", "deploys happen on weekdays", "linus");
    String own = propose("deploy.freeze", "no deploys in December", "grace");
    console.signIn("grace", TestHubs.ADMIN);
    console.page("context", "Context");
    WebElement project = console.browser.find("#context-project");
    project.clear();
    project.sendKeys("alpha");
    console.browser.find("#context-filter button[type='submit']").click();
    String othersRow = "#proposal-rows tr[data-proposal='" + others + "']";
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() -> !console.browser.findAll(othersRow).isEmpty());
    console.browser.screenshot("context-pending");
    console.browser.assertAccessible();

    console.browser.find(othersRow + " button[data-action='promote']").click();
    await().atMost(Duration.ofSeconds(15)).until(() -> status(others).equals("promoted"));
    assertThat(proposal(others).path("decidedBy").asString()).isEqualTo("grace");

    String ownRow = "#proposal-rows tr[data-proposal='" + own + "']";
    console.browser.find(ownRow + " button[data-action='promote']").click();
    await()
        .atMost(Duration.ofSeconds(15))
        .until(() ->
            console
                .browser
                .find("#decision-" + own)
                .getText()
                .startsWith("context_promotion_forbidden"));
    assertThat(status(own)).isEqualTo("pending");
    console.browser.screenshot("context-own-refused");
  }

  private String propose(String key, String summary, String by) {
    Http.Response response =
        console.http.postJson(
            "/v1/context/proposals",
            TestHubs.ADMIN,
            Json.write(
                Map.of(
                    "project",
                    "alpha",
                    "key",
                    key,
                    "summary",
                    summary,
                    "authority",
                    "evidence",
                    "confidence",
                    "probable",
                    "evidenceRefs",
                    List.of("jrn_1"),
                    "proposedBy",
                    by)));
    assertThat(response.status()).as(response.body()).isEqualTo(201);
    return response.json().path("proposalId").asString();
  }

  private JsonNode proposal(String id) {
    Http.Response response =
        console.http.getWithToken("/v1/context/proposals?project=alpha", TestHubs.ADMIN);
    for (JsonNode p : response.json().path("proposals")) {
      if (p.path("id").asString().equals(id)) {
        return p;
      }
    }
    throw new AssertionError("no proposal " + id + " in " + response.body());
  }

  private String status(String id) {
    return proposal(id).path("status").asString();
  }
}

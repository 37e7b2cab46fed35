package io.kxm.hub.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

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

/** Every hub-side console page opens, passes axe-core, and the message list stays bounded. */
class ConsolePagesBrowserTest {
  private static final Map<String, String> PAGES =
      Map.of(
          "agents", "Agents",
          "messages", "Message flow",
          "inbox", "Inbox",
          "workflows", "Workflows",
          "reservations", "Reservations",
          "context", "Context",
          "metrics", "Spend and metrics");

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
  void every_page_opens_for_a_project_operator_and_passes_axe() {
    console.signIn("ada", TestHubs.ALPHA);
    for (Map.Entry<String, String> page : PAGES.entrySet()) {
      console.page(page.getKey(), page.getValue());
      console.browser.screenshot("page-project-" + page.getKey());
      console.browser.assertAccessible();
    }
  }

  @Test
  void every_page_opens_for_the_admin_and_the_charts_draw() {
    console.signIn("grace", TestHubs.ADMIN);
    for (Map.Entry<String, String> page : PAGES.entrySet()) {
      console.page(page.getKey(), page.getValue());
      console.browser.assertAccessible();
    }
    console.page("metrics", "Spend and metrics");
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> console.browser.findAll("#chart-heap canvas").size() == 1);
    assertThat(console.browser.find("#metrics-error").getText()).isEmpty();
    console.browser.screenshot("page-admin-metrics");
  }

  @Test
  void the_reservations_page_shows_who_holds_what_and_follows_reserves_and_releases() {
    AgentClient bob = console.agent("bob", "moves the parser");
    Http.Response made =
        bob.post(
            "/reservations", "{\"paths\":[\"src/parser/**\"],\"reason\":\"moving the parser\"}");
    assertThat(made.status()).as(made.body()).isEqualTo(201);
    console.signIn("ada", TestHubs.ALPHA);
    console.page("reservations", "Reservations");

    String row =
        console.browser.until(
            "bob's reservation drawn",
            () -> console.browser.find("#reservations-rows").getText(),
            text -> text.contains("bob"));
    assertThat(row).contains("exclusive", "src/parser/**", "moving the parser");
    console.browser.assertAccessible();

    AgentClient carol = console.agent("carol", "writes docs");
    assertThat(
            carol.post("/reservations", "{\"paths\":[\"docs/**\"],\"mode\":\"shared\"}").status())
        .isEqualTo(201);
    String id = made.json().path("reservation").path("id").asString();
    assertThat(bob.delete("/reservations/" + id).status()).isEqualTo(200);
    String after =
        console.browser.until(
            "the release and carol's reservation drawn",
            () -> console.browser.find("#reservations-rows").getText(),
            text -> text.contains("carol") && !text.contains("bob"));
    assertThat(after).contains("shared", "docs/**");
    console.browser.screenshot("page-reservations");
  }

  @Test
  void ten_thousand_message_events_keep_a_capped_list_and_count_them_all() {
    console.signIn("ada", TestHubs.ALPHA);
    console.page("messages", "Message flow");
    // The page module itself, mounted on a stream of 10,000 events in this real browser.
    Object result =
        console.browser.asyncScript(
            "const done = arguments[arguments.length - 1];"
                + "import('/console/assets/pages/messages.js').then(async (m) => {"
                + "  const root = document.createElement('div');"
                + "  document.body.append(root);"
                + "  let listener = null;"
                + "  const ctx = { session: {}, api: () => Promise.reject(new Error('none')),"
                + "    ops: { subscribe: (f) => { listener = f; return () => {}; }, live: true } };"
                + "  await m.mount(root, ctx);"
                + "  for (let i = 0; i < 10000; i++) {"
                + "    listener({ seq: i, kind: 'message.sent', at: new Date().toISOString(),"
                + "      messageId: 'msg_' + i, from: 'a', to: 'b', status: 'queued', bytes: 10 });"
                + "  }"
                + "  requestAnimationFrame(() => requestAnimationFrame(() => done([root.querySelectorAll('tbody tr').length,"
                + "    root.querySelector('[role=status]').textContent,"
                + "    root.querySelector('tbody tr').dataset.message])));"
                + "});");
    assertThat(result).isInstanceOf(List.class);
    List<?> answer = (List<?>) result;
    assertThat(((Number) answer.get(0)).intValue()).isEqualTo(200);
    assertThat((String) answer.get(1)).startsWith("10000 message events seen");
    assertThat(answer.get(2)).isEqualTo("msg_9999");
    console.browser.screenshot("messages-ten-thousand");
  }
}

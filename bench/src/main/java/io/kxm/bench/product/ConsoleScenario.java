package io.kxm.bench.product;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.Scenario;
import io.kxm.bench.baseline.BareConsolePage;
import io.kxm.bench.browser.SuiteBrowser;
import io.kxm.bench.client.HttpConnection;
import io.kxm.bench.client.Request;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The web console in headless Chromium over a hub with 1,000 agents and 10,000 requests: how long
 * the agents page takes to show every agent, and how fast the message-flow page applies the
 * operations stream's events when it replays the 10,000 sends. Against the bare page doing the same
 * drawing from a bare server, in the same browser.
 */
public final class ConsoleScenario implements Scenario {
  private static final int SENDERS = 16;
  private static final String OPERATOR = "bench-operator";

  @Override
  public String name() {
    return "console";
  }

  @Override
  public String title() {
    return "web console in headless Chromium: agents page with 1,000 agents, message flow"
        + " replaying 10,000 sends";
  }

  @Override
  public List<Comparison> comparisons() {
    return List.of(
        new Comparison("first render", "bare-console-page", "first render", null),
        new Comparison("events/s", "bare-console-page", "events/s", null));
  }

  @Override
  public Measure product() {
    return new Measure() {
      private HubProcess hub;
      private SuiteBrowser browser;
      private long seqBeforeSends;

      @Override
      public String what() {
        return "the console's agents and message-flow pages, signed in as the admin";
      }

      @Override
      public List<Metric> metrics() {
        return List.of(Metric.millis("first render"), Metric.rate("events/s"));
      }

      @Override
      public void setup(Run run) throws Exception {
        hub = HubProcess.sqlite(run);
        HubClient client = new HubClient(hub);
        List<Agent> agents = Roster.register(client, "console", BareConsolePage.AGENTS);
        seqBeforeSends = snapshot().path("seq").asLong();
        List<Request> sends = new ArrayList<>();
        for (int i = 0; i < SENDERS; i++) {
          Agent to = agents.get(agents.size() - 1 - i);
          sends.add(client.sendRequestAllowingOffline(agents.get(i), to.name(), "ping " + i));
        }
        Sends.fixed(client, sends, BareConsolePage.events(run));
        browser = SuiteBrowser.shared(run);
      }

      @Override
      public void prepare(Run run) throws Exception {
        signIn();
        once(run);
      }

      @Override
      public double[] once(Run run) throws Exception {
        String console = hub.base() + "/console";
        double render =
            browser.millisToRows(console + "#/agents", "#agents-rows tr", BareConsolePage.AGENTS);
        double rate =
            browser.eventsPerSecond(
                console + "?after=" + seqBeforeSends + "#/messages",
                "#message-counts",
                BareConsolePage.events(run));
        return new double[] {render, rate};
      }

      /** Signs the browser in as the page does: a JSON post that sets the session cookie. */
      private void signIn() {
        browser.chromium().open(hub.base() + "/console");
        Object status =
            browser
                .chromium()
                .asyncScript(
                    """
                    const done = arguments[arguments.length - 1];
                    fetch('/console/sign-in', {
                      method: 'POST',
                      headers: { 'Content-Type': 'application/json' },
                      body: JSON.stringify({ operator: arguments[0], token: arguments[1],
                                             project: arguments[2] }),
                      credentials: 'same-origin',
                    }).then((r) => done(r.status), (e) => done(String(e)));
                    """,
                    OPERATOR,
                    hub.adminToken(),
                    hub.project());
        if (!(status instanceof Number code) || code.intValue() != 200) {
          throw new IllegalStateException("the console refused the admin sign-in: " + status);
        }
      }

      private JsonNode snapshot() throws Exception {
        try (HttpConnection c = HttpConnection.open(hub.base())) {
          String body =
              c.send(
                      Request.get(
                          hub.base(),
                          "/v1/ops/snapshot?project=" + hub.project(),
                          Map.of("Authorization", "Bearer " + hub.adminToken())))
                  .expect(200, "GET /v1/ops/snapshot")
                  .text();
          return JsonMapper.shared().readTree(body);
        }
      }

      @Override
      public void close() {
        if (hub != null) {
          hub.close();
        }
      }
    };
  }
}

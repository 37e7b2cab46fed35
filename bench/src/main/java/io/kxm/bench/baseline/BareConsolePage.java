package io.kxm.bench.baseline;

import io.kxm.bench.Measure;
import io.kxm.bench.Metric;
import io.kxm.bench.Run;
import io.kxm.bench.bare.BareServerProcess;
import io.kxm.bench.browser.SuiteBrowser;
import java.util.List;

/**
 * The web console's work done by the smallest page that does it, in the same headless Chromium:
 * 1,000 agent rows drawn from one JSON fetch, then 10,000 events (2,000 with {@code --quick}) of a
 * bare SSE stream parsed, counted and drawn once a frame into a capped list. The bar for the
 * console scenario.
 */
public final class BareConsolePage implements Measure {
  public static final int AGENTS = 1_000;
  public static final int EVENTS = 10_000;
  public static final int QUICK_EVENTS = 2_000;

  /** Events drawn a repetition: fewer with {@code --quick}, on both sides alike. */
  public static int events(Run run) {
    return run.size(QUICK_EVENTS, EVENTS);
  }

  private BareServerProcess server;
  private SuiteBrowser browser;

  @Override
  public String what() {
    return "a bare page in headless Chromium: 1,000 rows from JSON, then 10,000 SSE events"
        + " drawn into a 200-row list";
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.millis("first render"), Metric.rate("events/s"));
  }

  @Override
  public void setup(Run run) throws Exception {
    // A server of its own: the broadcast must not reach the fan-out baseline's thousand readers.
    server = BareServerProcess.start(run);
    browser = SuiteBrowser.shared(run);
  }

  @Override
  public void prepare(Run run) throws Exception {
    once(run);
  }

  @Override
  public double[] once(Run run) throws Exception {
    double render = browser.millisToRows(server.base() + "/page", "#agents-rows tr", AGENTS);
    double rate =
        browser.eventsPerSecond(
            server.base() + "/page?events=" + events(run), "#message-counts", events(run));
    return new double[] {render, rate};
  }

  @Override
  public void close() {
    if (server != null) {
      server.close();
    }
  }
}

package io.kxm.bench.browser;

import io.kxm.bench.Measure;
import io.kxm.bench.Run;
import io.kxm.testkit.browser.HeadlessChromium;
import java.nio.file.Files;
import java.util.List;
import org.openqa.selenium.ScriptTimeoutException;

/**
 * The one headless Chromium of a suite run, shared by the console scenario and its baseline, and
 * the two in-page timings both take with the same script: how long after navigation a page shows
 * its rows, and how fast it applies the events of its stream.
 */
public final class SuiteBrowser implements AutoCloseable {
  // Polls once a frame, as a person would see it: the page counts as drawn at the first frame
  // where the rows are in the DOM. performance.now() counts from the navigation's start.
  private static final String RENDERED =
      """
      const selector = arguments[0], goal = arguments[1], done = arguments[arguments.length - 1];
      (function poll() {
        if (document.querySelectorAll(selector).length >= goal) done(performance.now());
        else requestAnimationFrame(poll);
      })();
      """;
  // The page keeps its running count of applied events in data-seen. The clock runs from the
  // navigation's start, so opening the page, connecting and drawing every event are all in it.
  private static final String APPLIED =
      """
      const selector = arguments[0], goal = arguments[1], done = arguments[arguments.length - 1];
      (function poll() {
        const node = document.querySelector(selector);
        const seen = node ? Number(node.dataset.seen || 0) : 0;
        if (seen >= goal) done([performance.now(), seen]);
        else requestAnimationFrame(poll);
      })();
      """;

  private final HeadlessChromium chromium;

  private SuiteBrowser(HeadlessChromium chromium) {
    this.chromium = chromium;
  }

  /** The run's browser, started by the first measure that asks. */
  public static SuiteBrowser shared(Run run) throws Exception {
    return run.shared("chromium", SuiteBrowser.class, r -> start());
  }

  private static SuiteBrowser start() throws Measure.Skip {
    if (!Files.isExecutable(HeadlessChromium.CHROMIUM)
        || !Files.isExecutable(HeadlessChromium.CHROMEDRIVER)) {
      throw new Measure.Skip(
          "no headless Chromium: install Debian's chromium and chromium-driver"
              + " (apt-get install chromium chromium-driver)");
    }
    return new SuiteBrowser(HeadlessChromium.start());
  }

  public HeadlessChromium chromium() {
    return chromium;
  }

  /** Opens {@code url} in a fresh document; milliseconds from navigation to {@code goal} rows. */
  public double millisToRows(String url, String rowSelector, int goal) {
    chromium.open("about:blank");
    chromium.open(url);
    return ((Number) chromium.asyncScript(RENDERED, rowSelector, goal)).doubleValue();
  }

  /**
   * Opens {@code url} in a fresh document and waits until the element {@code counterSelector}
   * counts {@code goal} events: events applied per second from the navigation's start.
   */
  public double eventsPerSecond(String url, String counterSelector, int goal) {
    chromium.open("about:blank");
    chromium.open(url);
    List<?> marks;
    try {
      marks = (List<?>) chromium.asyncScript(APPLIED, counterSelector, goal);
    } catch (ScriptTimeoutException e) {
      Object seen =
          chromium.script(
              "const n = document.querySelector(arguments[0]);"
                  + " const live = document.getElementById('live');"
                  + " return (n && n.textContent) + (live ? ' (stream ' + live.textContent + ')' : '');",
              counterSelector);
      throw new IllegalStateException(
          "the page did not count " + goal + " events in time; it shows: " + seen, e);
    }
    double millis = ((Number) marks.get(0)).doubleValue();
    double seen = ((Number) marks.get(1)).doubleValue();
    return seen / (millis / 1000.0);
  }

  @Override
  public void close() {
    chromium.close();
  }
}

package io.kxm.testkit.browser;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.deque.html.axecore.results.Results;
import com.deque.html.axecore.results.Rule;
import com.deque.html.axecore.selenium.AxeBuilder;
import io.kxm.testkit.Services;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Predicate;
import java.util.logging.Level;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.awaitility.core.ConditionTimeoutException;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * A real headless Chromium driven over WebDriver, for browser tests: Debian's {@code
 * /usr/bin/chromium} and {@code /usr/bin/chromedriver}, named explicitly so Selenium Manager never
 * looks for drivers on the network, a fresh profile per instance, screenshots under {@code
 * target/console-screenshots/} and an axe-core accessibility check. {@link #start()} skips the test
 * with a notice when Chromium is not installed, unless {@code KXM_REQUIRE_SERVICES=1}, when it
 * fails, like {@link Services#requirePostgres()}.
 */
public final class HeadlessChromium implements AutoCloseable {
  public static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  public static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
  public static final Path SCREENSHOTS = Path.of("target", "console-screenshots");
  private static final Set<String> BLOCKING_IMPACTS = Set.of("serious", "critical");
  private static final Duration PAGE_WAIT = Duration.ofSeconds(15);

  private final ChromeDriver driver;
  private final Path profile;

  private HeadlessChromium(ChromeDriver driver, Path profile) {
    this.driver = driver;
    this.profile = profile;
  }

  /** Skips (or, with {@code KXM_REQUIRE_SERVICES=1}, fails) the test without Chromium. */
  public static void require() {
    if (Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER)) {
      return;
    }
    String notice =
        CHROMIUM
            + " or "
            + CHROMEDRIVER
            + " is missing; browser tests were skipped"
            + " (apt-get install chromium chromium-driver)";
    if (Services.required()) {
      fail(notice.replace("were skipped", "cannot run") + " (KXM_REQUIRE_SERVICES=1)");
    }
    System.err.println("NOTICE: " + notice);
    assumeTrue(false, notice);
  }

  /** A new browser with a fresh, empty profile. */
  public static HeadlessChromium start() {
    require();
    Path profile;
    try {
      profile = Files.createTempDirectory("kxm-chromium-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        "--user-data-dir=" + profile);
    LoggingPreferences logs = new LoggingPreferences();
    logs.enable(LogType.BROWSER, Level.ALL);
    options.setCapability("goog:loggingPrefs", logs);
    // Named, not looked up: with the driver and the browser both given, Selenium Manager stays off.
    System.setProperty(ChromeDriverService.CHROME_DRIVER_EXE_PROPERTY, CHROMEDRIVER.toString());
    ChromeDriver driver = new ChromeDriver(options);
    driver.manage().timeouts().scriptTimeout(Duration.ofSeconds(30));
    return new HeadlessChromium(driver, profile);
  }

  public WebDriver driver() {
    return driver;
  }

  public void open(String url) {
    driver.get(url);
  }

  public WebElement find(String css) {
    return driver.findElement(By.cssSelector(css));
  }

  public List<WebElement> findAll(String css) {
    return driver.findElements(By.cssSelector(css));
  }

  /** Runs a script in the page and returns its result. */
  public Object script(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(script, args);
  }

  /** Runs an async script: the last argument is the callback to call with the result. */
  public Object asyncScript(String script, Object... args) {
    return ((JavascriptExecutor) driver).executeAsyncScript(script, args);
  }

  /**
   * Waits up to 15 seconds for {@code read} to give a value {@code done} accepts, and returns it; a
   * timeout fails with what the page showed and what it logged, which is what a failing browser
   * test needs to be understood.
   */
  public <T> T until(Callable<T> read, Predicate<? super T> done) {
    return until("the page", read, done);
  }

  /** {@link #until(Callable, Predicate)}, naming in the failure what was waited for. */
  public <T> T until(String waitingFor, Callable<T> read, Predicate<? super T> done) {
    try {
      return await().atMost(PAGE_WAIT).until(read, done);
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "waited in vain for "
              + waitingFor
              + " at "
              + driver.getCurrentUrl()
              + "; the page shows: "
              + find("body").getText()
              + "\nbrowser log: "
              + consoleLog(),
          e);
    }
  }

  /** What the page logged to its console (errors, warnings), for failure messages. */
  public String consoleLog() {
    return driver.manage().logs().get(LogType.BROWSER).getAll().stream()
        .map(entry -> entry.getLevel() + " " + entry.getMessage())
        .collect(Collectors.joining("\n"));
  }

  /** Saves a PNG of the page as {@code target/console-screenshots/<name>.png}. */
  public Path screenshot(String name) {
    try {
      Files.createDirectories(SCREENSHOTS);
      Path file = SCREENSHOTS.resolve(name + ".png");
      Files.write(file, driver.getScreenshotAs(OutputType.BYTES));
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Fails when axe-core finds a violation of impact serious or critical on the current page. */
  public void assertAccessible() {
    Results results = new AxeBuilder().analyze(driver);
    List<Rule> blocking =
        results.getViolations().stream()
            .filter(rule -> rule.getImpact() != null && BLOCKING_IMPACTS.contains(rule.getImpact()))
            .toList();
    if (!blocking.isEmpty()) {
      fail(
          "axe-core found serious or critical violations on "
              + driver.getCurrentUrl()
              + ":\n"
              + blocking.stream()
                  .map(rule ->
                      "  "
                          + rule.getId()
                          + " ("
                          + rule.getImpact()
                          + "): "
                          + rule.getHelp()
                          + " at "
                          + rule.getNodes().stream()
                              .map(node -> String.valueOf(node.getTarget()))
                              .collect(Collectors.joining(", ")))
                  .collect(Collectors.joining("\n")));
    }
  }

  @Override
  public void close() {
    try {
      driver.quit();
    } finally {
      deleteQuietly(profile);
    }
  }

  private static void deleteQuietly(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    } catch (IOException e) {
      // A leftover temporary profile is harmless.
    }
  }
}

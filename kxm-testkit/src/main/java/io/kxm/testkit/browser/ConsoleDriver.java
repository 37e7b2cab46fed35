package io.kxm.testkit.browser;

/**
 * What browser tests do on the hub's web console itself, whichever module they live in: sign in
 * through its form and open a page by its hash route. It knows the console's element ids ({@code
 * #operator}, {@code #token}, {@code #sign-in-submit}, {@code #who}, {@code #page h1}), so a change
 * to them is made here once.
 */
public final class ConsoleDriver {
  private ConsoleDriver() {}

  /**
   * Opens {@code <hubUrl>/console}, signs in and waits for the console shell to greet {@code
   * operator}.
   */
  public static void signIn(
      HeadlessChromium browser, String hubUrl, String operator, String token) {
    browser.open(hubUrl + "/console");
    fillSignIn(browser, operator, token);
    browser.until(
        "the console to open for " + operator,
        () -> browser.findAll("#who").stream().anyMatch(w -> w.getText().startsWith(operator)),
        open -> open);
  }

  /** Fills in and submits the sign-in form already shown, without waiting for the outcome. */
  public static void fillSignIn(HeadlessChromium browser, String operator, String token) {
    var name = browser.find("#operator");
    name.clear();
    name.sendKeys(operator);
    var secret = browser.find("#token");
    secret.clear();
    secret.sendKeys(token);
    browser.find("#sign-in-submit").click();
  }

  /** Opens a console page by its hash route and waits for its heading. */
  public static void page(HeadlessChromium browser, String hubUrl, String id, String heading) {
    browser.open(hubUrl + "/console#/" + id);
    browser.until(
        "the " + id + " page's heading " + heading,
        () -> browser.findAll("#page h1").stream().anyMatch(h -> h.getText().equals(heading)),
        shown -> shown);
  }
}

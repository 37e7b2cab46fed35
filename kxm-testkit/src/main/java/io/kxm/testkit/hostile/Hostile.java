package io.kxm.testkit.hostile;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every hostile-input property shares: how many generated inputs each parser gets, and what an
 * answer to one may never show.
 */
public final class Hostile {
  /**
   * Generated inputs per parser in every build, CI included. A constant, so that jqwik's {@code
   * tries} can name it; the properties of one parser split it between them.
   */
  public static final int TRIES = 10_000;

  private Hostile() {}

  /** Fails when {@code answer} carries a stack frame or an exception's class name. */
  public static void assertNoStackTrace(String what, String answer) {
    assertThat(answer)
        .as(what)
        .doesNotContain("\tat ")
        .doesNotContain("at io.")
        .doesNotContain("at java.")
        .doesNotContain("Exception")
        .doesNotContain("Error:");
  }

  /** {@code text} cut to {@code max} characters, for assertion descriptions. */
  public static String abbreviate(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max) + "…";
  }
}

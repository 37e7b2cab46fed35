package io.kxm.testkit.hostile;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * What every hostile-input property shares: how many generated inputs each parser gets, what an
 * answer to one may never show, and how a refusal must read.
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

  /**
   * Fails unless {@code answer} is the hub's error envelope with a code and a hint: how every
   * refusal of outside input must read, so that whoever sent it learns what to do next.
   */
  public static void assertRefusal(String what, String answer) {
    JsonNode error = Json.read(answer).path("error");
    assertThat(error.path("code").asString()).as(what).isNotBlank();
    assertThat(error.path("hint").asString()).as(what).isNotBlank();
  }

  /**
   * A JSON object's text from field names and values already written as JSON, in the map's order:
   * names are escaped, values go in as given, so a generator can put any text there.
   */
  public static String object(Map<String, String> fields) {
    StringBuilder out = new StringBuilder("{");
    for (Map.Entry<String, String> field : fields.entrySet()) {
      if (out.length() > 1) {
        out.append(',');
      }
      out.append(Json.write(field.getKey())).append(':').append(field.getValue());
    }
    return out.append('}').toString();
  }

  /** {@code text} cut to {@code max} characters, for assertion descriptions. */
  public static String abbreviate(String text, int max) {
    return text == null || text.length() <= max ? text : text.substring(0, max) + "…";
  }
}

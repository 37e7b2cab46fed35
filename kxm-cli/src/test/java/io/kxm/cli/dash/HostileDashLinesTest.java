package io.kxm.cli.dash;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.json.Json;
import io.kxm.testkit.hostile.Hostile;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import tools.jackson.databind.node.ObjectNode;

/**
 * What the dash draws from outside text: event lines of any shape (not JSON, JSON of any type,
 * fields with control characters) and hub rows with hostile names. Nothing throws, and every line
 * is one line without terminal controls.
 */
class HostileDashLinesTest {
  @Provide
  Arbitrary<String> text() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(300),
        Arbitraries.strings().withChars("{}[]\":,\u001b\n\r\t\u009b0a").ofMaxLength(80),
        Arbitraries.of("{\"seq\":1,\"type\":\"x\",\"data\":{\"a\":\"\u001b[2J\"}}", "[]", "null"));
  }

  @Property(tries = Hostile.TRIES)
  void an_event_line_of_any_shape_is_one_printable_line(@ForAll("text") String line) {
    String shown = DashEvents.summary(line);

    assertThat(shown).doesNotContain("\n", "\r", "\u001b", "\u009b", "\t");
  }

  @Property(tries = Hostile.TRIES)
  void a_hub_row_with_any_text_is_one_printable_line(
      @ForAll("text") String name, @ForAll("text") String purpose) {
    ObjectNode agent = Json.object().put("name", name).put("purpose", purpose).put("presence", 7);

    for (DashPanel panel : DashPanel.values()) {
      assertThat(DashRow.of(panel, agent).text()).doesNotContain("\n", "\r", "\u001b", "\t");
    }
  }

  @org.junit.jupiter.api.Test
  void token_counts_show_and_a_credential_in_an_event_is_masked() {
    String shown =
        DashEvents.summary(
            "{\"seq\":9,\"type\":\"usage\",\"data\":{\"inputTokens\":19,"
                + "\"text\":\"key sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789\"}}");

    assertThat(shown).startsWith("#9 usage inputTokens=19 text=").contains("[REDACTED]");
    assertThat(shown).doesNotContain("abcdefghijklmnopqrstuvwxyz0123456789");
  }
}

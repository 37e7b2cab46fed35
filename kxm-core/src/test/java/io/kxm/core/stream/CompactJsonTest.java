package io.kxm.core.stream;

import static org.assertj.core.api.Assertions.assertThat;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class CompactJsonTest {
  /** The plain character-by-character reading the fast one must agree with. */
  private static boolean compactByEachCharacter(String json) {
    boolean inString = false;
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        } else if (c == '\n' || c == '\r') {
          return false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
        return false;
      }
    }
    return true;
  }

  @Property(tries = 10_000)
  void agrees_with_reading_each_character(@ForAll("jsonish") String text) {
    String oneLine = text.replace('\n', 'a').replace('\r', 'a');
    assertThat(CompactJson.isCompact(oneLine))
        .as(oneLine)
        .isEqualTo(compactByEachCharacter(oneLine));
  }

  /** Even where an escape would swallow it (invalid JSON), a raw line break never passes. */
  @Property(tries = 10_000)
  void text_with_a_raw_line_break_is_never_compact(@ForAll("jsonish") String text) {
    String broken = text + (text.length() % 2 == 0 ? "\n" : "\r");
    assertThat(CompactJson.isCompact(broken)).as(broken).isFalse();
  }

  @Provide
  Arbitrary<String> jsonish() {
    // Few distinct characters, so quotes, escapes and whitespace meet in every arrangement.
    return Arbitraries.strings()
        .withChars('"', '\\', ' ', '\t', '\n', '\r', 'a', '{', ':', ',')
        .ofMaxLength(40);
  }
}

package io.kxm.runtime.memory;

import static org.assertj.core.api.Assertions.assertThat;

import io.kxm.core.error.ErrorCode;
import io.kxm.core.error.KxmException;
import io.kxm.testkit.hostile.Hostile;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Generated memory and skill files through the front-matter parser: the only way out is a parsed
 * entry or {@code memory_invalid} naming the file; nothing else is thrown.
 */
class HostileMemoryTest {
  private static final String PATH = ".kxm/memory/hostile.md";
  private static final String[] FRAGMENTS = {
    "name: ", "description: ", "tags: ", "ok", "a b", "\n", "  ", "- ", "[", "]", "{", "}", ", ",
    ": ", "&a ", "*a", "!!str ", "!tag ", "|\n  ", ">\n  ", "'", "\"", "# c", "---", "...", "~",
    "null", "true", "12", "1e999", "<<: *a", "? ", "%YAML 1.2\n", "name: x\nname: y\n"
  };

  @Property(tries = Hostile.TRIES / 2)
  void a_file_parses_or_is_refused_naming_itself(@ForAll("files") String text) {
    try {
      FrontMatter.Parsed parsed = FrontMatter.parse(PATH, text);
      assertThat(parsed.name()).matches(FrontMatter.NAME);
      assertThat(parsed.description()).isNotBlank().doesNotContain("\n");
    } catch (KxmException e) {
      assertThat(e.code()).isEqualTo(ErrorCode.MEMORY_INVALID);
      assertThat(e.getMessage()).startsWith(PATH + ": ");
    }
  }

  @Provide
  Arbitrary<String> files() {
    Arbitrary<String> yaml =
        Arbitraries.oneOf(
                Arbitraries.of(FRAGMENTS),
                Arbitraries.strings().ofMaxLength(12),
                Arbitraries.strings().withChars("\u0000\ud800\ufeff\t\r\n:-#&*!|>").ofMaxLength(6))
            .list()
            .ofMaxSize(40)
            .map(parts -> String.join("", parts));
    Arbitrary<String> body = Arbitraries.strings().ofMaxLength(200);
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(400),
        yaml.map(y -> "---\n" + y + "\n---\nbody\n"),
        body.map(b -> "---\nname: ok\ndescription: fine\n---\n" + b),
        yaml.map(y -> "---\n" + y));
  }
}

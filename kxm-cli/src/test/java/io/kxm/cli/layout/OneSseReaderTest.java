package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Server-sent events are read in one place, {@code io.kxm.core.sse.SseReader}: two readers drift
 * apart on line endings, field rules and the limits a peer must keep. A source, main or test, that
 * picks SSE fields out of lines itself fails here; read the stream through the one reader (its
 * {@code onLine} and {@code onComment} hooks serve tests that assert on the raw wire).
 */
class OneSseReaderTest {
  static final String READER = "kxm-core/src/main/java/io/kxm/core/sse/SseReader.java";

  /**
   * A variable tested for an SSE field's prefix ({@code line.startsWith("data:")}), a switch over
   * field names, or a prefix cut off by its length. Assertions on raw lines ({@code
   * assertThat(line).startsWith("data: …")}) and writers of frames do not match.
   */
  static final Pattern PARSING =
      Pattern.compile(
          "\\w\\s*\\.\\s*startsWith\\(\\s*\"(?:data|id|event|retry)?:"
              + "|case\\s+\"(?:data|event|retry)\"\\s*(?:->|:)"
              + "|\"(?:data|event|retry)\"\\s*\\.\\s*equals\\("
              + "|\\.\\s*equals\\(\\s*\"(?:data|event|retry)\"\\s*\\)");

  final SourceTree tree = SourceTree.find();

  @Test
  void no_source_but_the_one_reader_parses_sse_lines() {
    Path reader = tree.root().resolve(READER);
    Path self =
        tree.root().resolve("kxm-cli/src/test/java/io/kxm/cli/layout/OneSseReaderTest.java");
    Map<String, List<String>> parsers = new TreeMap<>();
    for (String module : tree.modules()) {
      for (Path file : tree.allSources(module)) {
        if (file.equals(reader) || file.equals(self)) {
          continue;
        }
        Matcher m = PARSING.matcher(SourceTree.text(file));
        List<String> hits = m.results().map(r -> r.group()).toList();
        if (!hits.isEmpty()) {
          parsers.put(tree.root().relativize(file).toString(), hits);
        }
      }
    }

    assertThat(parsers)
        .as("sources that parse SSE lines themselves; read the stream through %s instead", READER)
        .isEmpty();
  }

  @Test
  void the_rule_catches_the_shapes_a_second_reader_takes_and_spares_wire_assertions() {
    assertThat(PARSING.matcher("if (line.startsWith(\"data:\")) {").find()).isTrue();
    assertThat(PARSING.matcher("} else if (text.startsWith(\"id: \")) {").find()).isTrue();
    assertThat(PARSING.matcher("if (line.startsWith(\":\")) {").find()).isTrue();
    assertThat(PARSING.matcher("case \"data\" -> data.append(value);").find()).isTrue();
    assertThat(PARSING.matcher("} else if (\"event\".equals(field)) {").find()).isTrue();
    assertThat(PARSING.matcher("} else if (field.equals(\"data\")) {").find()).isTrue();

    assertThat(PARSING.matcher("assertThat(lines.get(4)).startsWith(\"data: {\")").find())
        .isFalse();
    assertThat(PARSING.matcher("out.append(\"data: \").append(data)").find()).isFalse();
    assertThat(PARSING.matcher("if (type.startsWith(\"run.\"))").find()).isFalse();
  }

  @Test
  void the_one_reader_is_where_the_rule_says() {
    assertThat(tree.root().resolve(READER)).isRegularFile();
  }
}

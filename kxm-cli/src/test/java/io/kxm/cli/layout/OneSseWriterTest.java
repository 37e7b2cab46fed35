package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Server-sent event frames are written in one place, {@code io.kxm.core.sse.SseWriter}, for the
 * hub's streams, the supervisor's streams and the testkit's model provider: two writers drift apart
 * on line breaks inside data, buffering and the spill size. Main code that spells a frame's fields
 * itself fails here. The bench's bare baselines are exempt: they measure what a team would build
 * without KXM, so they must not share its code.
 */
class OneSseWriterTest {
  static final String WRITER = "kxm-core/src/main/java/io/kxm/core/sse/SseWriter.java";

  /** Raw baselines and the encoding micro-benchmark, which write frames by hand on purpose. */
  static final Set<String> BASELINES =
      Set.of(
          "bench/src/main/java/io/kxm/bench/bare/EventFrame.java",
          "bench/src/main/java/io/kxm/bench/bare/ModelStreamServlet.java",
          "bench/src/main/java/io/kxm/bench/jmh/EnvelopeEncodingBench.java");

  /** A string literal that starts a frame field: {@code "data: "}, {@code "\nevent: "}, ... */
  static final Pattern WRITING = Pattern.compile("\"(?:\\\\n)?(?:data|event|id): ");

  final SourceTree tree = SourceTree.find();

  @Test
  void no_main_source_but_the_one_writer_spells_sse_frames() {
    Map<String, List<String>> writers = new TreeMap<>();
    for (String module : tree.modules()) {
      for (Path file : tree.mainSources(module)) {
        String relative = tree.root().relativize(file).toString();
        if (relative.equals(WRITER) || BASELINES.contains(relative)) {
          continue;
        }
        Matcher m = WRITING.matcher(SourceTree.text(file));
        List<String> hits = m.results().map(r -> r.group()).toList();
        if (!hits.isEmpty()) {
          writers.put(relative, hits);
        }
      }
    }

    assertThat(writers)
        .as("main sources that write SSE frames themselves; write them through %s", WRITER)
        .isEmpty();
  }

  @Test
  void the_rule_catches_a_hand_written_frame() {
    assertThat(WRITING.matcher("out.write(\"id: \" + seq + \"\\ndata: \" + json)").find()).isTrue();
    assertThat(WRITING.matcher("\"event: \" + name").find()).isTrue();
    assertThat(WRITING.matcher("log.info(\"run id {}\", id)").find()).isFalse();
  }

  @Test
  void the_exempt_baselines_and_the_writer_exist() {
    assertThat(tree.root().resolve(WRITER)).isRegularFile();
    for (String baseline : BASELINES) {
      assertThat(tree.root().resolve(baseline)).isRegularFile();
    }
  }
}

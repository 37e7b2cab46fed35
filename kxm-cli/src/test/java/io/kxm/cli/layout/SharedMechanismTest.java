package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A mechanism every module shares lives once, in kxm-core: waits between failed tries in {@code
 * io.kxm.core.retry} (Failsafe's retry policy), size-rolled JSON-lines logs in {@code
 * io.kxm.core.log} (Logback's rolling appender). A second hand-rolled copy drifts from the first in
 * its limits, in which failures it retries or in the mode of the files it makes.
 */
class SharedMechanismTest {
  /** A pause doubled by hand: {@code p = p.multipliedBy(2)}, compared to a cap, or shifted. */
  static final Pattern HAND_BACKOFF =
      Pattern.compile(
          "(\\w+\\s*=\\s*\\w+\\.multipliedBy\\(2L?\\)\\s*;)"
              + "|(\\.multipliedBy\\(2L?\\)\\.compareTo\\()"
              + "|(\\.multipliedBy\\(\\s*1L?\\s*<<)"
              + "|(RetryPolicy\\s*\\.\\s*(<[^>]*>)?\\s*builder\\()");

  /** A file rolled by hand ({@code name.1}, {@code name.2}…) or another rolling appender. */
  static final Pattern HAND_ROLLING =
      Pattern.compile(
          "(resolveSibling\\([^;]*\\+\\s*\"\\.\"\\s*\\+\\s*\\w+\\s*\\))"
              + "|(RollingFileAppender)|(void rotate\\()");

  @Test
  void no_main_source_outside_the_retry_package_builds_its_own_backoff() {
    assertThat(offenders(HAND_BACKOFF, "io/kxm/core/retry/"))
        .as("build waits between tries with io.kxm.core.retry.Backoff instead")
        .isEmpty();
  }

  @Test
  void no_main_source_outside_the_log_package_rolls_a_file_of_its_own() {
    assertThat(offenders(HAND_ROLLING, "io/kxm/core/log/"))
        .as("write rolled JSON-lines logs with io.kxm.core.log.JsonLinesFile instead")
        .isEmpty();
  }

  @Test
  void the_scans_recognise_the_hand_loops_they_replaced() {
    assertThat(HAND_BACKOFF.matcher("wait = wait.multipliedBy(2);").find()).isTrue();
    assertThat(HAND_BACKOFF.matcher("p.multipliedBy(2).compareTo(max) > 0").find()).isTrue();
    assertThat(HAND_BACKOFF.matcher("b.multipliedBy(1L << Math.min(n, 20))").find()).isTrue();
    assertThat(HAND_BACKOFF.matcher("RetryPolicy.<Object>builder()").find()).isTrue();
    assertThat(HAND_BACKOFF.matcher("sweep.multipliedBy(2).plus(keepAlive)").find()).isFalse();
    assertThat(
            HAND_ROLLING
                .matcher("return file.resolveSibling(file.getFileName() + \".\" + index);")
                .find())
        .isTrue();
    assertThat(HAND_ROLLING.matcher("db.resolveSibling(base + \".\" + n + \".bak\")").find())
        .isFalse();
  }

  private static List<String> offenders(Pattern pattern, String home) {
    SourceTree tree = SourceTree.find();
    assertThat(Files.isDirectory(tree.root().resolve("kxm-core/src/main/java/" + home))).isTrue();
    List<String> offenders = new ArrayList<>();
    for (String module : tree.modules()) {
      for (Path file : tree.mainSources(module)) {
        String path = tree.root().relativize(file).toString().replace('\\', '/');
        if (!path.contains(home) && pattern.matcher(tree.read(path)).find()) {
          offenders.add(path);
        }
      }
    }
    return offenders;
  }
}

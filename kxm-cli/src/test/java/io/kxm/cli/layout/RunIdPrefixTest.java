package io.kxm.cli.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Run ids have one source of prefixes, {@code io.kxm.core.id.RunKind}, and the command line one
 * reader of them, {@code io.kxm.cli.run.RunRef}: a second minting or prefix check would let the
 * three kinds of run drift apart again.
 */
class RunIdPrefixTest {
  private static final Pattern MINTED_RUN_ID =
      Pattern.compile("Ids\\.next\\(\\s*\"(run|srun|wfr)\"");
  private static final Pattern RUN_PREFIX_CHECK =
      Pattern.compile("startsWith\\(\\s*\"(run|srun|wfr)_\"");

  final SourceTree tree = SourceTree.find();

  @Test
  void run_ids_are_minted_only_through_run_kind() {
    assertThat(matches(MINTED_RUN_ID, module -> module.startsWith("kxm-"), ""))
        .as("mint run ids with RunKind.X.next(clock), not Ids.next with a run prefix")
        .isEmpty();
  }

  @Test
  void the_command_line_reads_run_prefixes_only_in_run_ref() {
    assertThat(
            matches(
                RUN_PREFIX_CHECK,
                "kxm-cli"::equals,
                "kxm-cli/src/main/java/io/kxm/cli/run/RunRef.java"))
        .as("route a run id with RunRef.parse, not a prefix check of its own")
        .isEmpty();
  }

  /** Main sources of the chosen modules, but {@code exempt}, in which {@code pattern} occurs. */
  private List<String> matches(Pattern pattern, Predicate<String> modules, String exempt) {
    List<String> found = new ArrayList<>();
    for (String module : tree.modules()) {
      if (!modules.test(module)) {
        continue;
      }
      for (Path file : tree.mainSources(module)) {
        String relative = tree.root().relativize(file).toString();
        if (!relative.equals(exempt) && pattern.matcher(read(file)).find()) {
          found.add(relative);
        }
      }
    }
    return found;
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
